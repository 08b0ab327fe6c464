package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class FmtTest {
  @Test
  void figuresAreShortInTheUnitsAPersonChecks() {
    assertEquals("12.5 GB/s", Fmt.byteRate(1.25e10));
    assertEquals("41%", Fmt.pct(0.41));
    assertEquals("21.3 ms", Fmt.latency(0.0213));
    assertEquals("975,000 IOPS", Fmt.iops(975_000));
  }

  @Test
  void aByteRateTakesTheLargestUnitItReachesAtItsBoundaries() {
    assertEquals("1 GB/s", Fmt.byteRate(1e9)); // at 1e9: GB/s
    assertEquals("1000 MB/s", Fmt.byteRate(999_999_999)); // just below: 999.999999 MB/s rounds to 1000.0
    assertEquals("999.9 MB/s", Fmt.byteRate(999_940_000)); // 999.94 -> one decimal
    assertEquals("10 MB/s", Fmt.byteRate(10_000_000)); // a lab link of 80 Mbit/s x 125,000 B/s
    assertEquals("1 MB/s", Fmt.byteRate(1e6)); // at 1e6: MB/s
    assertEquals("1000 kB/s", Fmt.byteRate(999_999)); // just below: 999.999 kB/s rounds to 1000.0
    assertEquals("0 kB/s", Fmt.byteRate(0));
    assertEquals("1 kB/s", Fmt.byteRate(1e3)); // at 1e3: kB/s
    assertEquals("999.9 B/s", Fmt.byteRate(999.94)); // just below: B/s, one decimal
    assertEquals("1 B/s", Fmt.byteRate(1)); // a ceiling typed as 1 B/s (issue 29), once "0 kB/s"
    assertEquals("0.1 B/s", Fmt.byteRate(0.05)); // half up at one decimal
  }

  @Test
  void aFigureNoReadingCanHaveStaysOneToken() {
    // 1e300 bytes/s is 1e291 GB/s: printed in scientific notation, not 292 digits
    assertEquals("1.000e+291 GB/s", Fmt.byteRate(1e300));
    // just below the bound, still a plain number: 999,999,999,999,999 / 1e9 = 999,999.999999999 -> 2 decimals
    assertEquals("1000000 GB/s", Fmt.byteRate(999_999_999_999_999.0));
    assertEquals("1.000e+15", Fmt.num(1e15));
    assertEquals("Infinity GB/s", Fmt.byteRate(Double.POSITIVE_INFINITY));
    assertEquals("1.000e+302%", Fmt.pct(1e300));
  }
}
