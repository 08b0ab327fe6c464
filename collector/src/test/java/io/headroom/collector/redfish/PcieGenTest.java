package io.headroom.collector.redfish;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** PCIe generations as Redfish names them, their ceilings, and InfiniBand rates at the 5% edge. */
class PcieGenTest {
  @Test
  void generationsOneToSixAreKnownAndNothingElse() {
    assertEquals(1, PcieGen.parse("Gen1"));
    assertEquals(6, PcieGen.parse("Gen6")); // the last in the table
    assertEquals(0, PcieGen.parse("Gen7")); // one past it
    assertEquals(0, PcieGen.parse("Gen0"));
    assertEquals(0, PcieGen.parse("Gen"));
    assertEquals(0, PcieGen.parse("gen4"));
    assertEquals(0, PcieGen.parse(null));
  }

  @Test
  void ceilingsOfTheNewerGenerationsAndOfOneLane() {
    assertEquals(16 * 3938e6, PcieGen.ceiling(5, 16)); // Gen5 x16: 63.008 GB/s
    assertEquals(4 * 7876e6, PcieGen.ceiling(6, 4));   // Gen6 x4: 31.504 GB/s
    assertEquals(250e6, PcieGen.ceiling(1, 1));        // Gen1 x1: 2.5 GT/s less 20%, / 8
    assertEquals(Double.NaN, PcieGen.ceiling(4, 0));
  }

  @Test
  void describedWithQuestionMarksForWhatIsUnknown() {
    assertEquals("Gen4 x16", PcieGen.describe(4, 16));
    assertEquals("Gen? x?", PcieGen.describe(0, 0));
    assertEquals("Gen1 x1", PcieGen.describe(1, 1));
  }

  @Test
  void everyInfinibandGenerationByItsLaneRate() {
    assertEquals("10 Gb/s (4X SDR)", InfiniBandRate.describe(10, 4));  // 2.5 a lane
    assertEquals("20 Gb/s (4X DDR)", InfiniBandRate.describe(20, 4));  // 5 a lane
    assertEquals("40 Gb/s (4X QDR)", InfiniBandRate.describe(40, 4));  // 10 a lane
    assertEquals("100 Gb/s (4X EDR)", InfiniBandRate.describe(100, 4)); // 25 a lane
    assertEquals("800 Gb/s (4X XDR)", InfiniBandRate.describe(800, 4)); // 200 a lane
    assertEquals("100 Gb/s (2X HDR)", InfiniBandRate.describe(100, 2)); // 50 a lane
    assertEquals("54.5 Gb/s (4X FDR)", InfiniBandRate.describe(54.5, 4)); // 13.625 a lane: 2.7% below 14
  }

  @Test
  void aLaneRateFivePercentOrMoreFromEveryGenerationIsUnnamed() {
    // one lane of 104: |104 - 100| / 100 = 4% from NDR; of 105 and 95: exactly 5%, not within
    assertEquals("104 Gb/s (1X NDR)", InfiniBandRate.describe(104, 1));
    assertEquals("105 Gb/s (1X)", InfiniBandRate.describe(105, 1));
    assertEquals("95 Gb/s (1X)", InfiniBandRate.describe(95, 1));
    assertEquals("12.5 Gb/s (1X)", InfiniBandRate.describe(12.5, 1)); // between QDR and FDR
  }
}
