package io.headroom.collector.redfish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.headroom.collector.redfish.PcieWalk.Slot;
import org.junit.jupiter.api.Test;

/** When a link is degraded, at the boundaries: equal to its maximum and slot is not; one below is. */
class PcieDegradationTest {
  private static Slot slot(int gen, int lanes) {
    return new Slot(lanes, gen, 3, "FullLength", null);
  }

  @Test
  void trainedAtItsMaximumInAMatchingSlotIsNotDegraded() {
    assertNull(PcieWalk.degradation(4, 16, 4, 16, slot(4, 16)));
  }

  @Test
  void oneLaneStepBelowTheDeviceMaximumIsDegraded() {
    assertEquals("trained Gen4 x8, device capable of Gen4 x16", PcieWalk.degradation(4, 8, 4, 16, null));
  }

  @Test
  void oneGenerationBelowIsDegraded() {
    assertEquals("trained Gen3 x16, device capable of Gen4 x16, slot 3 is Gen4 x16",
        PcieWalk.degradation(3, 16, 4, 16, slot(4, 16)));
  }

  @Test
  void aCardAtItsOwnMaximumBelowItsSlotIsDegradedBySlot() {
    // an x8 RAID controller in an x16 slot: the slot could carry twice what the card trained at
    assertEquals("trained Gen4 x8, slot 3 is Gen4 x16", PcieWalk.degradation(4, 8, 4, 8, slot(4, 16)));
  }

  @Test
  void unknownTrainingIsNotJudged() {
    assertNull(PcieWalk.degradation(0, 0, 4, 16, slot(4, 16)));
    assertNull(PcieWalk.degradation(0, 16, 4, 16, slot(4, 16))); // generation unknown, width known
    assertNull(PcieWalk.degradation(4, 0, 4, 16, slot(4, 16)));  // width unknown
  }

  @Test
  void whatIsUnknownOfTheMaximumOrTheSlotIsTakenFromTheTraining() {
    // no MaxPCIeType: the device's generation is the trained one, Gen4
    assertEquals("trained Gen4 x8, device capable of Gen4 x16", PcieWalk.degradation(4, 8, 0, 16, null));
    // no MaxLanes: the device's width is the trained one, x8
    assertEquals("trained Gen4 x8, device capable of Gen5 x8", PcieWalk.degradation(4, 8, 5, 0, null));
    // a slot of unknown generation, x16; and one of unknown width, Gen5
    assertEquals("trained Gen4 x8, slot 3 is Gen4 x16", PcieWalk.degradation(4, 8, 4, 8, slot(0, 16)));
    assertEquals("trained Gen4 x8, slot 3 is Gen5 x8", PcieWalk.degradation(4, 8, 4, 8, slot(5, 0)));
  }

  @Test
  void ceilingsFollowDesignMd() {
    assertEquals(8 * 1969e6, PcieGen.ceiling(4, 8));   // Gen4 x8: 15.752 GB/s
    assertEquals(16 * 985e6, PcieGen.ceiling(3, 16));  // Gen3 x16: 15.76 GB/s
    assertEquals(4 * 500e6, PcieGen.ceiling(2, 4));    // Gen2: 5 GT/s less 20% for 8b/10b, /8
    assertEquals(Double.NaN, PcieGen.ceiling(0, 8));
    assertEquals(4, PcieGen.parse("Gen4"));
    assertEquals(0, PcieGen.parse("Unknown"));
  }

  @Test
  void infinibandRatesAreNamedByTheirPerLaneSpeed() {
    assertEquals("200 Gb/s (4X HDR)", InfiniBandRate.describe(200, 4)); // 50 a lane
    assertEquals("100 Gb/s (4X EDR)", InfiniBandRate.describe(100, 4)); // 25 a lane
    assertEquals("56 Gb/s (4X FDR)", InfiniBandRate.describe(56, 4));   // 14 a lane
    assertEquals("400 Gb/s (4X NDR)", InfiniBandRate.describe(400, 4)); // 100 a lane
  }
}
