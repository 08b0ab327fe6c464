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
}
