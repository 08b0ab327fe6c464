package io.headroom.collector.snmp;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Writes an snmpsim recording (.snmprec: one {@code OID|TAG|VALUE} a line, in OID order). Tags are
 * ASN.1 type numbers (2 INTEGER, 4 OCTET STRING, 4x hex OCTET STRING, 6 OID, 65 Counter32,
 * 66 Gauge32, 67 TimeTicks, 70 Counter64), optionally followed by {@code :module} for a variation
 * module that computes the value at each request (numeric: {@code initial + rate x seconds}).
 */
final class Snmprec {
  private record Line(int[] oid, String text) {}

  private final List<Line> lines = new ArrayList<>();

  Snmprec add(String oid, String tag, Object value) {
    lines.add(new Line(Arrays.stream(oid.split("\\.")).mapToInt(Integer::parseInt).toArray(), oid + "|" + tag + "|" + value));
    return this;
  }

  /** Replaces the line of {@code oid} (a fault injected into a recording). */
  Snmprec replace(String oid, String tag, Object value) {
    lines.removeIf(l -> l.text.startsWith(oid + "|"));
    return add(oid, tag, value);
  }

  /** A counter that moves: {@code initial + rate x seconds since snmpsimd started} (snmpsim's numeric module). */
  Snmprec counter(String oid, String tag, double initial, double rate) {
    return add(oid, tag + ":numeric", "initial=" + fmt(initial) + ",rate=" + fmt(rate));
  }

  /** As {@link #counter} wrapping at {@code modulus} (2^32 for a Counter32): numeric's {@code v % max}. */
  Snmprec wrapping(String oid, String tag, double initial, double rate, double modulus) {
    return add(oid, tag + ":numeric", "initial=" + fmt(initial) + ",rate=" + fmt(rate) + ",max=" + fmt(modulus) + ",wrap=1");
  }

  /** A 64-bit counter in an 8-byte OCTET STRING (FCMGMT-MIB), moving (our octets64 module). */
  Snmprec octets64(String oid, double initial, double rate) {
    return add(oid, "4:octets64", "initial=" + fmt(initial) + ",rate=" + fmt(rate));
  }

  void write(Path file) throws IOException {
    lines.sort(Comparator.comparing(Line::oid, Arrays::compare));
    StringBuilder sb = new StringBuilder();
    for (Line l : lines) {
      sb.append(l.text).append('\n');
    }
    Files.writeString(file, sb.toString(), StandardCharsets.UTF_8);
  }

  private static String fmt(double v) {
    return v == Math.rint(v) ? String.format("%.0f", v) : Double.toString(v);
  }
}
