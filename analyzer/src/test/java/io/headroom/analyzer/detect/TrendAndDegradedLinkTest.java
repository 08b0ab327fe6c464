package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link Trend} on series worked out by hand (the classic 2, 4, 4, 4, 5, 5, 7, 9: mean 5,
 * population deviation 2) with its minimum lengths at, and one below, their limits; and
 * {@link Degraded}'s wording for a link trained below, at and without its maximum.
 */
class TrendAndDegradedLinkTest {
  @Test
  void cvIsPopulationDeviationOverMeanAfterTheFirstTenth() {
    // 8 readings: 8 / 10 = 0 dropped; sum of squares 9+1+1+1+0+0+4+16 = 32, / 8 = 4, sqrt 2, / 5
    assertEquals(0.4, Trend.cv(new double[] {2, 4, 4, 4, 5, 5, 7, 9}), 1e-15);
    // 10 readings: the first (1,000, the ramp) dropped; the rest mean 45 / 9 = 5, squares 32 / 9
    assertEquals(Math.sqrt(32.0 / 9) / 5, Trend.cv(new double[] {1000, 2, 4, 4, 4, 5, 5, 7, 9, 5}), 1e-15);
    assertEquals(0.0, Trend.cv(new double[] {3, 3, 3, 3, 3}), "5 readings are enough");
    assertTrue(Double.isNaN(Trend.cv(new double[] {3, 3, 3, 3})), "4 are not");
    assertTrue(Double.isNaN(Trend.cv(new double[] {0, 0, 0, 0, 0})), "a zero mean has no cv");
  }

  @Test
  void lastOverFirstIsTheLastThirdsMeanOverTheFirstsFromSixReadings() {
    // 6 readings, thirds of 2: (3 + 3) / 2 over (1 + 1) / 2
    assertEquals(3.0, Trend.lastOverFirst(new double[] {1, 1, 2, 2, 3, 3}));
    // 7 readings, thirds of 7 / 3 = 2: first 1, 3 (mean 2), last 6, 10 (mean 8)
    assertEquals(4.0, Trend.lastOverFirst(new double[] {1, 3, 100, 100, 100, 6, 10}));
    assertTrue(Double.isNaN(Trend.lastOverFirst(new double[] {1, 1, 2, 3, 3})), "5 readings");
    assertTrue(Double.isNaN(Trend.lastOverFirst(new double[] {0, 0, 2, 2, 3, 3})), "nothing to climb from");
  }

  private static String training(Map<String, Object> attrs) {
    return Degraded.pcieTraining(new Bed().entity("l", "pcie_link", attrs, Map.of()).ctx(), "l");
  }

  private static String speed(Map<String, Object> attrs) {
    return Degraded.portSpeed(new Bed().entity("p", "net_port", attrs, Map.of()).ctx(), "p");
  }

  @Test
  void aLinkBelowItsMaximumGenerationOrWidthSaysBoth() {
    assertEquals("trained Gen3 x16, capable of Gen4 x16", training(Map.of("gen", 3, "width", 16, "max_gen", 4, "max_width", 16)));
    assertEquals("trained Gen4 x8, capable of Gen4 x16", training(Map.of("gen", 4, "width", 8, "max_gen", 4, "max_width", 16)));
    assertNull(training(Map.of("gen", 4, "width", 16, "max_gen", 4, "max_width", 16)), "at its maximum");
    assertNull(training(Map.of("gen", 4, "width", 8)), "no maximum known");
    // a maximum known for the width only: the generation is said as trained
    assertEquals("trained Gen4 x8, capable of Gen4 x16", training(Map.of("gen", 4, "width", 8, "max_width", 16)));
    assertEquals("trained Gen3 x16, capable of Gen4 x16", training(Map.of("gen", 3, "width", 16, "max_gen", 4)));
  }

  @Test
  void aPortBelowItsMaximumSpeedSaysBothInGigabits() {
    assertEquals("running at 10 Gb/s of 25 Gb/s", speed(Map.of("speed_bps", 10e9, "max_speed_bps", 25e9)));
    assertNull(speed(Map.of("speed_bps", 25e9, "max_speed_bps", 25e9)), "at its maximum");
    assertNull(speed(Map.of("speed_bps", 25e9)), "no maximum known");
    assertNull(speed(Map.of("max_speed_bps", 25e9)), "no speed known");
  }
}
