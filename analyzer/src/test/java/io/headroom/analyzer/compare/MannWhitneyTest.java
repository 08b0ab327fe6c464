package io.headroom.analyzer.compare;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class MannWhitneyTest {
  @Test
  void separatedSamplesOfFourAreSignificantExactly() {
    // U of a = pairs with a above b = 0. C(8, 4) = 70 orderings are equally likely under no
    // difference; one gives U = 0, so P(U <= 0) = 1/70 and two-sided p = 2/70 = 0.028571 < 0.05.
    MannWhitney.Result r = MannWhitney.test(new double[] {1, 2, 3, 4}, new double[] {5, 6, 7, 8});
    assertTrue(r.exact());
    assertEquals(0.0, r.u());
    assertEquals(2.0 / 70, r.pValue(), 1e-12);
    assertTrue(r.significant());
  }

  @Test
  void oneSwapMakesItNoiseAtTheBoundary() {
    // a = {1,2,3,5}, b = {4,6,7,8}: only 5 > 4, U = 1. Orderings with U = 0 or 1: one each, so
    // P(U <= 1) = 2/70 and p = 4/70 = 0.057143: just above alpha 0.05, not a change.
    MannWhitney.Result r = MannWhitney.test(new double[] {1, 2, 3, 5}, new double[] {4, 6, 7, 8});
    assertEquals(1.0, r.u());
    assertEquals(4.0 / 70, r.pValue(), 1e-12);
    assertFalse(r.significant());
  }

  @Test
  void threeAgainstThreeCanNeverBeSignificant() {
    // the most extreme ordering of 3 + 3: p = 2 / C(6, 3) = 2/20 = 0.1 (benchstat asks for 4 runs)
    MannWhitney.Result r = MannWhitney.test(new double[] {1, 2, 3}, new double[] {10, 20, 30});
    assertEquals(0.1, r.pValue(), 1e-12);
    assertFalse(r.significant());
  }

  @Test
  void distributionOfTheRankSumForFourAndFour() {
    // Choosing 4 of the ranks 1..8: the sums 10..26 come up 1, 1, 2, 3, 5, 5, 7, 7, 8, 7, 7, 5,
    // 5, 3, 2, 1, 1 times (U = sum - 10 has the Gaussian binomial [8 over 4]'s coefficients: the
    // partitions of U into at most 4 parts of at most 4); they add up to C(8, 4) = 70. Ranks are
    // doubled (2, 4, ..., 16), so the sums are 20, 22, ..., 52 and the odd ones never occur.
    double[] counts = MannWhitney.sumCounts(new int[] {2, 4, 6, 8, 10, 12, 14, 16}, 4);
    double[] expected = {1, 1, 2, 3, 5, 5, 7, 7, 8, 7, 7, 5, 5, 3, 2, 1, 1};
    for (int u = 0; u < expected.length; u++) {
      assertEquals(expected[u], counts[20 + 2 * u], "sum " + (10 + u));
      assertEquals(0.0, counts[21 + 2 * u], "a half sum");
    }
  }

  @Test
  void tortoiseAndHareTextbookExample() {
    // Wikipedia's example: the finishing order T H H H H H T T T T T H (positions 1..12).
    // U of the tortoises = pairs (t, h) with t's position after h's: the T at 1 is after none,
    // each T at 7..11 is after the 5 hares at 2..6: 5 x 5 = 25. The hares' U = 6 x 6 - 25 = 11
    // (Wikipedia's U_T = 11 counts the same pairs from the tortoise's side: its wins).
    // Of the C(12, 6) = 924 orderings, 143 give U <= 11 (counted by sumCounts; scipy's exact
    // method agrees), so p = 2 x 143 / 924 = 0.309524: no evidence the tortoise is faster.
    double[] tortoise = {1, 7, 8, 9, 10, 11};
    double[] hare = {2, 3, 4, 5, 6, 12};
    MannWhitney.Result r = MannWhitney.test(tortoise, hare);
    assertEquals(25.0, r.u());
    assertEquals(2.0 * 143 / 924, r.pValue(), 1e-12);
    assertEquals(r.pValue(), MannWhitney.test(hare, tortoise).pValue(), 1e-12, "two-sided: the order of the sides does not matter");
  }

  @Test
  void tiesInASmallSampleKeepAnExactP() {
    // pooled: 1a 2a 2a 2b 3a 3b 4b 5b; mid-ranks 1, 3, 3, 3, 5.5, 5.5, 7, 8.
    // rank sum of a = 1 + 3 + 3 + 5.5 = 12.5, U = 12.5 - 4 x 5 / 2 = 2.5.
    // Of the C(8, 4) = 70 ways to pick 4 mid-ranks, those with a sum <= 12.5: {1, 3, 3, 3} = 10
    // (one way) and {1, 3, 3, 5.5} = 12.5 (two of the three 3s, one of the two 5.5s: 3 x 2 = 6
    // ways): 7. p = 2 x 7 / 70 = 0.2 (the normal approximation would say 0.137).
    MannWhitney.Result r = MannWhitney.test(new double[] {1, 2, 2, 3}, new double[] {2, 3, 4, 5});
    assertTrue(r.exact());
    assertEquals(2.5, r.u());
    assertEquals(0.2, r.pValue(), 1e-12);
  }

  @Test
  void tiesInALargeSampleTakeTheNormalApproximationWithTieCorrection() {
    // a: 15 x 1 and 15 x 2; b: 15 x 2 and 15 x 3. Pooled 60: the 1s take ranks 1..15 (mid 8),
    // the 2s 16..45 (mid 30.5), the 3s 46..60 (mid 53). Rank sum of a = 15 x 8 + 15 x 30.5 = 577.5,
    // U = 577.5 - 30 x 31 / 2 = 112.5 against a mean of 30 x 30 / 2 = 450.
    // T = 2 x (15^3 - 15) + (30^3 - 30) = 6,720 + 26,970 = 33,690;
    // var = 900 / 12 x (61 - 33,690 / (60 x 59)) = 75 x 51.48305 = 3,861.23, sd 62.1388;
    // z = (337.5 - 0.5) / 62.1388 = 5.4233; p = 2 x (1 - Phi(5.4233)) = 5.849e-8 (scipy: 5.8494e-8).
    double[] a = new double[30];
    double[] b = new double[30];
    for (int i = 0; i < 30; i++) {
      a[i] = i < 15 ? 1 : 2;
      b[i] = i < 15 ? 2 : 3;
    }
    MannWhitney.Result r = MannWhitney.test(a, b);
    assertFalse(r.exact());
    assertEquals(112.5, r.u());
    assertEquals(5.8494e-8, r.pValue(), 0.0005e-8);
  }

  @Test
  void largeSamplesTakeTheNormalApproximation() {
    // 30 + 30 > 50 readings: normal. Separated: U = 0, mean 450, var = 900 x 61 / 12 = 4575,
    // sd 67.6387; z = (450 - 0.5) / 67.6387 = 6.6456; p = 3.0199e-11.
    double[] a = new double[30];
    double[] b = new double[30];
    for (int i = 0; i < 30; i++) {
      a[i] = i;
      b[i] = 30 + i;
    }
    MannWhitney.Result r = MannWhitney.test(a, b);
    assertFalse(r.exact());
    assertEquals(3.0199e-11, r.pValue(), 0.0005e-11);
  }

  @Test
  void allReadingsEqualIsNoChange() {
    // every way to pick 5 of the 10 tied mid-ranks gives the same sum: both tails are everything
    MannWhitney.Result r = MannWhitney.test(new double[] {5, 5, 5, 5, 5}, new double[] {5, 5, 5, 5, 5});
    assertEquals(1.0, r.pValue());
    assertFalse(r.significant());
  }

  @Test
  void aSideWithoutReadingsHasNothingToTest() {
    MannWhitney.Result r = MannWhitney.test(new double[0], new double[] {1, 2});
    assertTrue(Double.isNaN(r.pValue()));
    assertFalse(r.significant());
  }

  @Test
  void significantMeansBelowAlphaNotAtIt() {
    assertFalse(MannWhitney.significant(0.05, MannWhitney.ALPHA));
    assertTrue(MannWhitney.significant(Math.nextDown(0.05), MannWhitney.ALPHA));
    assertFalse(MannWhitney.significant(Double.NaN, MannWhitney.ALPHA));
  }

  @Test
  void twoSidedNormalPIsFivePercentAtZ196() {
    // the normal distribution's 97.5th percentile is 1.959964: two-sided p there is 0.05
    assertEquals(0.05, MannWhitney.erfc(1.959964 / Math.sqrt(2)), 1e-7);
    assertEquals(1.0, MannWhitney.erfc(0), 1e-7);
    assertEquals(2.0, MannWhitney.erfc(-10), 1e-7);
  }

  @Test
  void pureNoiseIsCalledAChangeAboutOnceInTwenty() {
    // 400 pairs of 55 readings (a 60 s phase less its ramp) from the same distribution: at
    // alpha 0.05 about 400 x 0.05 = 20 come out significant by chance, sd sqrt(400 x 0.05 x 0.95)
    // = 4.36. Between 8 and 34 (3 sd) the test is calibrated; outside it p is computed wrong.
    Random random = new Random(26);
    int significant = 0;
    for (int trial = 0; trial < 400; trial++) {
      double[] a = new double[55];
      double[] b = new double[55];
      for (int i = 0; i < 55; i++) {
        a[i] = 1e9 * (1 + 0.02 * random.nextGaussian());
        b[i] = 1e9 * (1 + 0.02 * random.nextGaussian());
      }
      if (MannWhitney.test(a, b).significant()) {
        significant++;
      }
    }
    assertTrue(significant >= 8 && significant <= 34, significant + " of 400 noise pairs called significant");
  }

  @Test
  void aOnePercentShiftInTwoPercentNoiseIsFound() {
    // 55 readings a side, sigma 2%, B 1% higher: a shift of 0.5 sd. A t-test's noncentrality is
    // 0.5 x sqrt(55 / 2) = 2.62; the rank test's efficiency on normal data (0.955) makes it
    // 2.62 x sqrt(0.955) = 2.56, so its power is Phi(2.56 - 1.96) = 0.73: about 36 of 50 trials
    // (sd 3.1). At least half must find it.
    Random random = new Random(2600);
    int found = 0;
    for (int trial = 0; trial < 50; trial++) {
      double[] a = new double[55];
      double[] b = new double[55];
      for (int i = 0; i < 55; i++) {
        a[i] = 1 + 0.02 * random.nextGaussian();
        b[i] = 1.01 + 0.02 * random.nextGaussian();
      }
      if (MannWhitney.test(a, b).significant()) {
        found++;
      }
    }
    assertTrue(found >= 25, found + " of 50");
  }
}
