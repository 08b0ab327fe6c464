package io.headroom.collector.host;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every generation a sysfs current_link_speed names, and its per-lane ceiling. Gen1 and Gen2:
 * GT/s x 8/10 coding / 8 bits (2.5e9 x 0.8 / 8 = 250e6). Gen3-5: design.md's rounded 128b/130b
 * figures (985, 1969, 3938 MB/s). Gen6 (64 GT/s, PAM4 with FLIT coding): twice Gen5, 7876 MB/s.
 */
class PcieLinksTest {
  @ParameterizedTest
  @CsvSource({
    "2.5 GT/s PCIe, 1, 250e6",
    "5.0 GT/s PCIe, 2, 500e6",
    "8.0 GT/s PCIe, 3, 985e6",
    "16.0 GT/s PCIe, 4, 1969e6",
    "32.0 GT/s PCIe, 5, 3938e6",
    "64.0 GT/s PCIe, 6, 7876e6",
    "32 GT/s, 5, 3938e6",
    "64 GT/s, 6, 7876e6",
  })
  void eachGenerationFromItsSysfsSpeed(String speed, int generation, double bytesPerLane) {
    assertEquals(generation, PcieLinks.generation(speed));
    assertEquals(bytesPerLane, PcieLinks.ceiling(generation, 1));
    assertEquals(bytesPerLane * 16, PcieLinks.ceiling(PcieLinks.generation(speed), 16));
  }

  @ParameterizedTest
  @CsvSource({"128.0 GT/s PCIe", "2.0 GT/s PCIe", "Unknown", "32.0 GB/s"})
  void aSpeedNoGenerationHasIsUnknown(String speed) {
    assertEquals(0, PcieLinks.generation(speed));
  }

  /** sysfs widths are 1 to 32 lanes ("x16" on some kernels); 255 is "not trained", 0 unknown. */
  @ParameterizedTest
  @CsvSource({"1, 1", "x16, 16", "32, 32", "33, 0", "255, 0", "0, 0", "-1, 0", "wide, 0"})
  void aWidthIsOneToThirtyTwoLanesElseUnknown(String text, int width) {
    assertEquals(width, PcieLinks.width(text));
  }

  @ParameterizedTest
  @CsvSource({"0, 0, Gen? x?", "1, 1, Gen1 x1", "4, 0, Gen4 x?", "0, 16, Gen? x16"})
  void aDescriptionMarksWhatIsUnknown(int gen, int width, String text) {
    assertEquals(text, PcieLinks.describe(gen, width));
  }
}
