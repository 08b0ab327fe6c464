package io.headroom.collector.redfish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

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

  @Test
  void infiniBandRatesAreDecodedByTheSpecsEnumerationsNotAsNumbers() {
    // per-lane data rates: SDR 2, DDR 4, QDR 8 (8b/10b of 2.5, 5, 10 Gbaud), FDR10 10, FDR 14.0625 x 64/66,
    // EDR 25, HDR 50, NDR 100, XDR 200 Gb/s; widths 1X, 2X, 4X, 8X, 12X lanes
    assertEquals(200.0, InfiniBandRate.parse("HDR", "4X").gbps());           // 4 x 50: 25 GB/s
    assertEquals(8.0 * 4, InfiniBandRate.parse("QDR", "4X").gbps());
    assertEquals(2.0 * 12, InfiniBandRate.parse("sdr", "12x").gbps());
    assertEquals(10.0, InfiniBandRate.parse("FDR10", "1X").gbps());
    assertEquals(14.0625 * 64 / 66 * 4, InfiniBandRate.parse("FDR", "4X").gbps(), 1e-9);
    assertEquals(400.0, InfiniBandRate.parse("XDR", "2X").gbps());
    assertEquals("200 Gb/s (4X HDR)", InfiniBandRate.parse("HDR", "4X").describe());
    assertEquals("54.55 Gb/s (4X FDR)", InfiniBandRate.parse("FDR", "4X").describe());
    // a number is no speed name, 3X no width the spec defines, and either missing is no rate
    assertNull(InfiniBandRate.parse("50", "4X"));
    assertNull(InfiniBandRate.parse("HDR", "3X"));
    assertNull(InfiniBandRate.parse("HDR", "4"));
    assertNull(InfiniBandRate.parse(null, "4X"));
  }
}
