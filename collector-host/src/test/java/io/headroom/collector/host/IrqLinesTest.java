package io.headroom.collector.host;

import static io.headroom.collector.host.FixtureHost.assertValue;
import static io.headroom.collector.host.FixtureHost.has;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.headroom.collector.source.Scrape;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which /proc/interrupts lines count for which device, on the two-socket host (CPUs 0-3 node 0,
 * 4-7 node 1) with legacy IRQs added: the NIC 0000:3b:00.0 (node 0, bound to a driver) owns IRQ
 * 16 from its `irq` file; 0000:db:00.0 (bound) says `irq` 0, which is "none"; 0000:af:00.0 says
 * 17 but no driver is bound (its link removed), so the number means nothing. MSI-X IRQs 40-41 (0000:01:00.0) and
 * 50-51 (0000:81:00.0) are the fixture's own.
 */
class IrqLinesTest {
  private static final String HEADER =
      "           CPU0       CPU1       CPU2       CPU3       CPU4       CPU5       CPU6       CPU7\n";
  @TempDir Path tmp;
  FixtureHost fx;
  Scrape second;

  @BeforeEach
  void scrapeTwice() throws Exception {
    fx = FixtureHost.copy("two-socket", tmp);
    Files.createDirectories(fx.sys("bus/pci/drivers/mlx5_core"));
    Files.createDirectories(fx.sys("bus/pci/drivers/nvme"));
    // the fixture's driver links point into bus/pci/drivers/, which it leaves out: a link that
    // resolves is a bound driver
    Files.writeString(device("0000:db:00.0").resolve("irq"), "0\n");
    Files.writeString(device("0000:3b:00.0").resolve("irq"), "16\n");
    Path unbound = device("0000:af:00.0");
    Files.delete(unbound.resolve("driver"));
    Files.writeString(unbound.resolve("irq"), "17\n");
    Files.createDirectories(fx.proc("irq/16"));
    Files.writeString(fx.proc("irq/16/effective_affinity_list"), "0,4\n");
    HostSource source = new HostSource("h1", null, fx.config());
    Files.writeString(fx.proc("interrupts"), interrupts(10, 0, 0, 5, 100, 0, 5, 500, 7));
    FixtureHost.scrape(source, 1000);
    fx.advance();
    // over the 2 s: IRQ 16 +40 on CPU0 and +20 on CPU4; IRQ 0 +20, IRQ 17 +20, IRQ 52 +2;
    // IRQ 40 +200, IRQ 41 +100 (its ninth count +4), IRQ 50 +1000
    Files.writeString(fx.proc("interrupts"), interrupts(30, 40, 20, 25, 300, 100, 9, 1500, 9));
    second = FixtureHost.scrape(source, 1002);
  }

  /**
   * IRQ 41's line carries one count more than the header has CPUs (the ninth, {@code extra}): only
   * the header's eight columns are the CPUs'. IRQ 52 is one past the highest IRQ owned (51).
   */
  private static String interrupts(long timer, long cpu0, long cpu4, long irq17, long msi0, long msi1, long extra,
      long nvme1, long irq52) {
    return HEADER
        + String.format("   0: %10d %10d %10d %10d %10d %10d %10d %10d   IO-APIC    2-edge      timer%n", timer, 0, 0, 0, 0, 0, 0, 0)
        + String.format("  16: %10d %10d %10d %10d %10d %10d %10d %10d   IO-APIC   16-fasteoi   mlx5%n", cpu0, 0, 0, 0, cpu4, 0, 0, 0)
        + String.format("  17: %10d %10d %10d %10d %10d %10d %10d %10d   IO-APIC   17-fasteoi   x%n", irq17, 0, 0, 0, 0, 0, 0, 0)
        + String.format("  40: %10d %10d %10d %10d %10d %10d %10d %10d  PCI-MSIX-0000:01:00.0  0-edge nvme0q0%n", msi0, 0, 0, 0, 0, 0, 0, 0)
        + String.format("  41: %10d %10d %10d %10d %10d %10d %10d %10d %10d  PCI-MSIX-0000:01:00.0  1-edge nvme0q1%n", 0, msi1, 0, 0, 0, 0, 0, 0, extra)
        + String.format("  50: %10d %10d %10d %10d %10d %10d %10d %10d  PCI-MSIX-0000:81:00.0  0-edge nvme1q0%n", nvme1, 0, 0, 0, 0, 0, 0, 0)
        + String.format("  52: %10d %10d %10d %10d %10d %10d %10d %10d  PCI-MSIX-0000:99:00.0  0-edge other%n", irq52, 0, 0, 0, 0, 0, 0, 0)
        + " NMI:          0          0          0          0          0          0          0          0   Non-maskable interrupts\n";
  }

  @Test
  void aLegacyIrqOfABoundDeviceIsItsAndCountsCpusOfTheOtherNodeAsRemote() {
    // (40 + 20) / 2 s = 30/s; CPU4 is node 1, the NIC node 0: 20 of 60 remote
    assertValue(30, second, "h1/pcie/0000:3b:00.0", "irq_per_s");
    assertValue(20.0 / 60, second, "h1/pcie/0000:3b:00.0", "irq_remote_fraction");
    assertEquals(List.of(0, 1), entityAttr("0000:3b:00.0", "irq_numa_nodes"));
  }

  @Test
  void irqZeroAndAnIrqWithoutABoundDriverBelongToNoDevice() {
    assertFalse(has(second, "h1/pcie/0000:db:00.0", "irq_per_s"));
    assertFalse(has(second, "h1/pcie/0000:af:00.0", "irq_per_s"));
    assertEquals(null, entityAttr("0000:db:00.0", "irq_count"));
    assertEquals(null, entityAttr("0000:af:00.0", "irq_count"));
  }

  @Test
  void aCountPastTheHeadersCpusAndAnIrqPastTheHighestOwnedAreNotRead() {
    assertEquals(List.of(), second.problems());
    // IRQ 40 +200 and IRQ 41 +100 over 2 s; IRQ 41's ninth count (+4, no CPU's) would make it 152
    assertValue(150, second, "h1/pcie/0000:01:00.0", "irq_per_s");
    assertValue(0.0, second, "h1/pcie/0000:01:00.0", "irq_remote_fraction");
    // IRQ 50 +1000 over 2 s, all on CPU0 (node 0) for a node-1 drive
    assertValue(500, second, "h1/pcie/0000:81:00.0", "irq_per_s");
    assertValue(1.0, second, "h1/pcie/0000:81:00.0", "irq_remote_fraction");
  }

  /**
   * A device that gives its IRQ up (its driver unbound) owns it no more after the next walk: the
   * owners are found afresh each walk, none kept from the last.
   */
  @Test
  void anIrqGivenUpIsNoLongerTheDevicesAfterTheNextWalk() throws Exception {
    HostSource source = new HostSource("h1", null, fx.config(List.of(), List.of(), java.time.Duration.ofSeconds(10)));
    Files.writeString(fx.proc("interrupts"), interrupts(0, 0, 0, 0, 0, 0, 0, 0, 0));
    FixtureHost.scrape(source, 2000);
    Files.writeString(fx.proc("interrupts"), interrupts(0, 20, 0, 0, 0, 0, 0, 20, 0));
    // IRQ 16 +20 and IRQ 50 +20 over 2 s: 10/s each
    assertValue(10, FixtureHost.scrape(source, 2002), "h1/pcie/0000:3b:00.0", "irq_per_s");
    Files.delete(device("0000:3b:00.0").resolve("driver"));
    Files.writeString(fx.proc("interrupts"), interrupts(0, 40, 0, 0, 0, 0, 0, 40, 0));
    FixtureHost.scrape(source, 2012); // 10 s after the first walk: walked again
    Files.writeString(fx.proc("interrupts"), interrupts(0, 60, 0, 0, 0, 0, 0, 60, 0));
    Scrape after = FixtureHost.scrape(source, 2014);
    assertFalse(has(after, "h1/pcie/0000:3b:00.0", "irq_per_s"), "IRQ 16 has no bound driver's device now");
    assertValue(10, after, "h1/pcie/0000:81:00.0", "irq_per_s");
  }

  private Path device(String address) throws Exception {
    return fx.sys("bus/pci/devices/" + address).toRealPath();
  }

  private Object entityAttr(String address, String attr) {
    return second.entities().stream().filter(e -> e.id().equals("h1/pcie/" + address)).findFirst()
        .orElseThrow().attrs().get(attr);
  }
}
