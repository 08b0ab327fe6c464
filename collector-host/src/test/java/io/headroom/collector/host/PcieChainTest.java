package io.headroom.collector.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which functions are the lower end of a link, on chains the fixtures do not have: NVMe behind an
 * Intel VMD controller (a non-bridge function opening a new PCI domain), integrated endpoints.
 */
class PcieChainTest {
  private static PciDevice dev(String cls, int gen, int width, int maxGen, int maxWidth, String... chain) {
    return new PciDevice(chain[chain.length - 1], Path.of("/nonexistent"), cls, "0x8086", "0x0000", null, null,
        null, gen, width, maxGen, maxWidth, 0, List.of(chain), false);
  }

  @Test
  void nvmeBehindVmdIsJudgedOnItsOwnLink() {
    Topology topo = new Topology();
    PciDevice vmd = dev("0x010400", 0, 0, 0, 0, "0000:5d:05.5");
    PciDevice rootPort = dev("0x060400", 3, 2, 4, 4, "0000:5d:05.5", "10000:00:02.0");
    PciDevice nvme = dev("0x010802", 3, 2, 4, 4, "0000:5d:05.5", "10000:00:02.0", "10000:01:00.0");
    for (PciDevice d : List.of(vmd, rootPort, nvme)) {
      topo.pci.put(d.address(), d);
    }
    assertEquals(List.of("0000:5d:05.5", "10000:00:02.0", "10000:01:00.0"),
        PciDevice.chainOf(Path.of("/sys/devices/pci0000:5d/0000:5d:05.5/pci10000:00/10000:00:02.0/10000:01:00.0")));
    assertFalse(PcieCollector.isLinkLowerEnd(topo, vmd));
    assertFalse(PcieCollector.isLinkLowerEnd(topo, rootPort));
    assertTrue(PcieCollector.isLinkLowerEnd(topo, nvme));
    assertEquals("trained Gen3 x2, device capable of Gen4 x4", PcieCollector.degradation(topo, nvme));
    // The root port shows the same trained-down link; it is the drive's, not reported twice.
    assertNull(PcieCollector.degradation(topo, rootPort));
  }

  @Test
  void integratedEndpointsHaveNoLinkToJudge() {
    Topology topo = new Topology();
    PciDevice igpu = dev("0x030000", 1, 1, 3, 16, "0000:00:02.0");
    topo.pci.put(igpu.address(), igpu);
    assertFalse(PcieCollector.isLinkLowerEnd(topo, igpu));
    assertNull(PcieCollector.degradation(topo, igpu));
  }

  /**
   * A card trained down in a slot that cannot do more is the slot's doing, and the slot is named;
   * a slot whose maximum sysfs does not give (0: unknown) is never blamed, whichever field is missing.
   */
  @Test
  void theSlotIsNamedOnlyWhenItsMaximumIsKnownAndBelowTheCards() {
    String card = "trained Gen3 x4, device capable of Gen4 x4";
    assertEquals(card + "; slot 0000:00:01.0 capable of Gen3 x4", degradationUnder(3, 4));
    assertEquals(card, degradationUnder(0, 4));
    assertEquals(card, degradationUnder(4, 0));
    assertEquals(card, degradationUnder(4, 4));
  }

  private static String degradationUnder(int slotMaxGen, int slotMaxWidth) {
    Topology topo = new Topology();
    PciDevice slot = dev("0x060400", 3, 4, slotMaxGen, slotMaxWidth, "0000:00:01.0");
    PciDevice nvme = dev("0x010802", 3, 4, 4, 4, "0000:00:01.0", "0000:01:00.0");
    topo.pci.put(slot.address(), slot);
    topo.pci.put(nvme.address(), nvme);
    return PcieCollector.degradation(topo, nvme);
  }

  /** A link field sysfs does not give (0) is never read as "trained below": no degradation claimed. */
  @Test
  void anUnknownLinkFieldIsNoEvidenceOfATrainedDownLink() {
    assertTrue(dev("0x010802", 3, 4, 4, 4, "0000:00:01.0", "0000:01:00.0").trainedBelowMax());
    assertTrue(dev("0x010802", 4, 2, 4, 4, "0000:00:01.0", "0000:01:00.0").trainedBelowMax());
    assertFalse(dev("0x010802", 4, 4, 4, 4, "0000:00:01.0", "0000:01:00.0").trainedBelowMax());
    assertFalse(dev("0x010802", 0, 4, 4, 4, "0000:00:01.0", "0000:01:00.0").trainedBelowMax());
    assertFalse(dev("0x010802", 4, 0, 4, 4, "0000:00:01.0", "0000:01:00.0").trainedBelowMax());
    assertFalse(dev("0x010802", 4, 4, 0, 4, "0000:00:01.0", "0000:01:00.0").trainedBelowMax());
    assertFalse(dev("0x010802", 4, 4, 4, 0, "0000:00:01.0", "0000:01:00.0").trainedBelowMax());
    // 0 in a maximum with the other maximum above the trained value: still no claim
    assertFalse(dev("0x010802", 3, 2, 0, 4, "0000:00:01.0", "0000:01:00.0").trainedBelowMax());
    assertFalse(dev("0x010802", 3, 2, 4, 0, "0000:00:01.0", "0000:01:00.0").trainedBelowMax());
  }
}
