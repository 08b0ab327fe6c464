package io.headroom.analyzer.detect;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;

/** Numbers as evidence prints them: short, in the units a person checks them in. */
public final class Fmt {
  private Fmt() {}

  /**
   * Bytes per second in decimal units a reader can check against the input: GB/s with up to two
   * decimals from 1 GB/s ("12.5 GB/s"), else MB/s ("9.7 MB/s", "130 MB/s") or kB/s with up to one,
   * so a lab link of 10 MB/s does not print as "0.01 GB/s" and a 4 MB/s workload as "0 GB/s"; below
   * 1 kB/s in B/s, so a ceiling typed as 1 B/s is "1 B/s", not "0 kB/s". Zero stays "0 kB/s".
   */
  public static String byteRate(double bytesPerS) {
    double abs = Math.abs(bytesPerS);
    if (abs >= 1e9 || !Double.isFinite(bytesPerS)) {
      return trim(bytesPerS / 1e9, 2) + " GB/s";
    }
    if (abs >= 1e6) {
      return trim(bytesPerS / 1e6, 1) + " MB/s";
    }
    if (abs >= 1e3 || bytesPerS == 0) {
      return trim(bytesPerS / 1e3, 1) + " kB/s";
    }
    return trim(bytesPerS, 1) + " B/s";
  }

  /** An I/O size in binary units, as block sizes are given: "4 KiB", "1 MiB", "512 B". */
  static String byteSize(double bytes) {
    if (bytes >= 1 << 20) {
      return trim(bytes / (1 << 20), 1) + " MiB";
    }
    if (bytes >= 1 << 10) {
      return trim(bytes / (1 << 10), 1) + " KiB";
    }
    return trim(bytes, 0) + " B";
  }

  /** A fraction with two decimals: "0.94". */
  static String frac(double v) {
    return String.format(Locale.ROOT, "%.2f", v);
  }

  /** A fraction as a whole percentage: "41%". */
  public static String pct(double v) {
    return Math.abs(v) >= 1e13 ? trim(v * 100, 0) + "%" : String.format(Locale.ROOT, "%.0f%%", v * 100);
  }

  /** Seconds as milliseconds, or microseconds below 1 ms: "21.3 ms", "150 us". */
  public static String latency(double s) {
    if (s >= 1e-3) {
      return trim(s * 1e3, 1) + " ms";
    }
    return trim(s * 1e6, 0) + " us";
  }

  /** Operations per second with thousands separators: "975,000 IOPS". */
  public static String iops(double v) {
    return String.format(Locale.ROOT, "%,.0f IOPS", v);
  }

  /** A count with thousands separators and no decimals: "1,485". */
  static String count(double v) {
    return String.format(Locale.ROOT, "%,.0f", v);
  }

  /** A count or rate with up to one decimal. */
  static String num(double v) {
    return trim(v, 1);
  }

  /**
   * Up to {@code decimals} decimals, trailing zeros dropped. A value no reading can have (not
   * finite, or 1e15 and beyond in the unit shown) is printed as "Infinity" or "1.000e+291", so a figure
   * that escaped the input's domains stays one short token instead of a 300-digit number or a
   * crash.
   */
  static String trim(double v, int decimals) {
    if (!Double.isFinite(v)) {
      return String.valueOf(v);
    }
    if (Math.abs(v) >= 1e15) {
      return String.format(Locale.ROOT, "%.3e", v);
    }
    BigDecimal d = BigDecimal.valueOf(v).setScale(decimals, RoundingMode.HALF_UP).stripTrailingZeros();
    return d.scale() < 0 ? d.setScale(0).toPlainString() : d.toPlainString();
  }
}
