package io.headroom.collector.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.NavigableMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * fio's json+ clat bins by hand: the interval difference of two cumulative histograms, the sum of
 * read's and write's, and the percentile rule of fio's calc_clat_percentiles (first bin whose
 * running count reaches pct% of the total).
 */
class ClatHistogramTest {
  private static NavigableMap<Long, Long> bins(long... binAndCount) {
    NavigableMap<Long, Long> out = new TreeMap<>();
    for (int i = 0; i < binAndCount.length; i += 2) {
      out.put(binAndCount[i], binAndCount[i + 1]);
    }
    return out;
  }

  @Test
  void deltaIsTheIosCompletedBetweenTwoReports() {
    // 1000 ns: 5 -> 7 is 2 more; 2000 ns: 3 -> 3 is none (left out); 4000 ns: new, 4
    assertEquals(bins(1000, 2, 4000, 4),
        ClatHistogram.delta(bins(1000, 7, 2000, 3, 4000, 4), bins(1000, 5, 2000, 3)));
  }

  @Test
  void deltaFromNothingIsTheWholeHistogram() {
    assertEquals(bins(1000, 7, 2000, 3), ClatHistogram.delta(bins(1000, 7, 2000, 3), null));
  }

  @Test
  void sumMergesReadAndWriteBinByBin() {
    // 2000 ns is in both: 3 + 4 = 7
    assertEquals(bins(1000, 1, 2000, 7, 3000, 5),
        ClatHistogram.sum(bins(1000, 1, 2000, 3), bins(2000, 4, 3000, 5)));
  }

  @Test
  void percentileIsTheFirstBinReachingItsShare() {
    // four I/Os, one per bin: 75% of 4 is 3, reached at the third bin
    NavigableMap<Long, Long> four = bins(100, 1, 200, 1, 300, 1, 400, 1);
    assertEquals(300L, ClatHistogram.percentile(four, 75.0));
    assertEquals(400L, ClatHistogram.percentile(four, 100.0));
    // counts add up: 99% of 100 is 99, reached only at the last bin (98 + 2 = 100)
    assertEquals(5000L, ClatHistogram.percentile(bins(1000, 98, 5000, 2), 99.0));
  }

  @Test
  void runningCountEqualToTheShareReachesIt() {
    // 50% of 2 is exactly 1: the first bin's count equals it, so the first bin is the answer
    assertEquals(100L, ClatHistogram.percentile(bins(100, 1, 200, 1), 50.0));
  }

  @Test
  void shareAboveTheTotalGivesTheLargestBin() {
    assertEquals(200L, ClatHistogram.percentile(bins(100, 1, 200, 1), 150.0));
  }

  @Test
  void emptyHistogramHasNoPercentile() {
    assertNull(ClatHistogram.percentile(new TreeMap<>(), 99.0));
  }
}
