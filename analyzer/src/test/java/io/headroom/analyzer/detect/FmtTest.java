package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class FmtTest {
  @Test
  void figuresAreShortInTheUnitsAPersonChecks() {
    assertEquals("12.5 GB/s", Fmt.gbps(1.25e10));
    assertEquals("41%", Fmt.pct(0.41));
    assertEquals("21.3 ms", Fmt.latency(0.0213));
    assertEquals("975,000 IOPS", Fmt.iops(975_000));
  }

  @Test
  void aFigureNoReadingCanHaveStaysOneToken() {
    // 1e300 bytes/s is 1e291 GB/s: printed in scientific notation, not 292 digits
    assertEquals("1.000e+291 GB/s", Fmt.gbps(1e300));
    // just below the bound, still a plain number: 999,999,999,999,999 / 1e9 = 999,999.999999999 -> 2 decimals
    assertEquals("1000000 GB/s", Fmt.gbps(999_999_999_999_999.0));
    assertEquals("1.000e+15", Fmt.num(1e15));
    assertEquals("Infinity GB/s", Fmt.gbps(Double.POSITIVE_INFINITY));
    assertEquals("1.000e+302%", Fmt.pct(1e300));
  }
}
