package io.headroom.analyzer.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** Welch's t-test and the runs needed, against closed forms and hand arithmetic. */
class AcrossRunsTest {
  @Test
  void studentPMatchesTheClosedFormsOfOneAndTwoDegreesOfFreedom() {
    // df 1 is Cauchy: p = 1 - 2 atan(|t|) / pi; t = 1 gives 1 - 2 (pi / 4) / pi = 0.5
    assertEquals(0.5, AcrossRuns.studentP(1, 1), 1e-12);
    assertEquals(1 - 2 * Math.atan(3) / Math.PI, AcrossRuns.studentP(3, 1), 1e-12);
    // df 2: p = 1 - |t| / sqrt(2 + t^2); t = 2 gives 1 - 2 / sqrt 6 = 0.18350
    assertEquals(1 - 2 / Math.sqrt(6), AcrossRuns.studentP(2, 2), 1e-12);
    assertEquals(1.0, AcrossRuns.studentP(0, 4), 1e-12);
  }

  @Test
  void welchOnThreeRunsASide() {
    // means 2 and 5, sd 1 each: t = 3 / sqrt(1/3 + 1/3) = 3.674, df = (2/3)^2 / (2 x (1/3)^2 / 2) = 4;
    // df 4: p = 1 - (3/4) u (1 - u^2 / 12), u = t / sqrt(1 + t^2 / 4) = sqrt(13.5 / 4.375)
    double u = Math.sqrt(13.5 / 4.375);
    assertEquals(1 - 0.75 * u * (1 - u * u / 12), AcrossRuns.welchP(new double[] {1, 2, 3}, new double[] {4, 5, 6}), 1e-12);
    assertEquals(0.0213116, AcrossRuns.welchP(new double[] {1, 2, 3}, new double[] {4, 5, 6}), 1e-6);
    assertEquals(Double.NaN, AcrossRuns.welchP(new double[] {1}, new double[] {4, 5, 6}), "one run has no spread");
    assertEquals(1.0, AcrossRuns.welchP(new double[] {2, 2}, new double[] {2, 2}));
    assertEquals(0.0, AcrossRuns.welchP(new double[] {2, 2}, new double[] {3, 3}), "every run said the same");
  }

  @Test
  void runsNeededForEightyPercentPower() {
    // 2 x (1.959964 + 0.841621)^2 x 0.015^2 / 0.009^2 = 2 x 7.84888 x 2.7778 = 43.6: 44 runs a side
    assertEquals(44, AcrossRuns.runsNeeded(0.015, 0.009));
    // 2 x 7.84888 x 0.001^2 / 0.05^2 = 0.0063 runs: never fewer than 2
    assertEquals(2, AcrossRuns.runsNeeded(0.001, 0.05));
    assertNull(AcrossRuns.runsNeeded(0.01, 0.0), "no change to find");
  }

  @Test
  void lgammaOfIntegersIsTheLogOfFactorials() {
    assertEquals(Math.log(24), AcrossRuns.lgamma(5), 1e-12);
    assertEquals(0.5 * Math.log(Math.PI), AcrossRuns.lgamma(0.5), 1e-12);
  }
}
