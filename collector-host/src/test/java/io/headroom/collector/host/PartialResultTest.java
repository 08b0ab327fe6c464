package io.headroom.collector.host;

import static io.headroom.collector.host.FixtureHost.assertValue;
import static io.headroom.collector.host.FixtureHost.has;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.collector.source.Scrape;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Missing, empty, odd and vanishing files: a partial result naming the file, never a throw. */
class PartialResultTest {
  @TempDir Path tmp;
  FixtureHost fx;
  HostSource source;

  @BeforeEach
  void firstScrape() throws Exception {
    fx = FixtureHost.copy("two-socket", tmp);
    source = new HostSource("h1", null, fx.config(List.of(), List.of("system.slice/storage.service")));
    FixtureHost.scrape(source, 1000);
    fx.advance();
  }

  @Test
  void aCounterThatWentBackwardsIsAResetAndRatesResumeAfter() throws Exception {
    FixtureHost.scrape(source, 1002);
    // The drive's counters start again from the scrape-1 values (a driver reload).
    Files.copy(FixtureHost.RESOURCES.resolve("two-socket/scrape1/proc/diskstats"), fx.proc("diskstats"),
        java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    Scrape reset = FixtureHost.scrape(source, 1004);
    assertFalse(has(reset, "h1/disk/nvme0n1", "read_iops"));
    assertEquals(List.of(), reset.problems());
    // From the reset reading on, rates are back: the same deltas again over 2 s.
    fx.advance();
    Scrape after = FixtureHost.scrape(source, 1006);
    assertValue(10000, after, "h1/disk/nvme0n1", "read_iops");
  }

  @Test
  void aDiskGoneBetweenScrapesIsAProblemAndTheOthersStand() throws Exception {
    Path stats = fx.proc("diskstats");
    String without = Files.readAllLines(stats).stream()
        .filter(l -> !l.contains(" nvme1n1 ")).collect(Collectors.joining("\n"));
    Files.writeString(stats, without);
    Scrape s = FixtureHost.scrape(source, 1002);
    assertEquals(List.of("h1/disk/nvme1n1: not in " + stats + " (device gone?)"), s.problems());
    assertValue(10000, s, "h1/disk/nvme0n1", "read_iops");
  }

  @Test
  void aVanishedFcPortNamesItsMissingFile() throws Exception {
    Path words = fx.sys("class/fc_host/host3/statistics/rx_words");
    Files.delete(words);
    Scrape s = FixtureHost.scrape(source, 1002);
    assertEquals(List.of(words + ": missing"), s.problems());
    assertFalse(has(s, "h1/fc/host3", "rx_bytes_per_s"));
    assertValue(2e9, s, "h1/ib/mlx5_0/1", "rx_bytes_per_s");
  }

  @Test
  void anEmptyProcStatCostsTheCpuAreaOnly() throws Exception {
    Files.writeString(fx.proc("stat"), "");
    Scrape s = FixtureHost.scrape(source, 1002);
    assertEquals(List.of(fx.proc("stat") + ": empty"), s.problems());
    assertFalse(has(s, "h1/cpu", "util"));
    assertValue(0.15, s, "h1/cpu", "psi_cpu_some");
    assertValue(7.0, s, "h1/disk/nvme0n1", "queue_depth");
  }

  @Test
  void garbageInACounterFileIsContainedToItsArea() throws Exception {
    Path diskstats = fx.proc("diskstats");
    String bad = "259 1 nvme1n1 x y z 1 2 3 4 5 6 7 8 9 10 11";
    Files.writeString(diskstats, Files.readString(diskstats).replaceAll("(?m)^.* nvme1n1 .*$", bad));
    Files.writeString(fx.proc("net/dev"), "Inter-|\n face |\n ens1f0: 12 abc\n");
    Scrape s = FixtureHost.scrape(source, 1002);
    assertTrue(s.problems().contains(diskstats + ": unparsable line \"" + bad + "\""), s.problems().toString());
    assertTrue(s.problems().contains("h1/disk/nvme1n1: not in " + diskstats + " (device gone?)"));
    assertTrue(s.problems().contains(fx.proc("net/dev") + ": short line \"ens1f0: 12 abc\""));
    // The other disks of the same file, and the other areas, stand.
    assertValue(10000, s, "h1/disk/nvme0n1", "read_iops");
    assertValue(2e9, s, "h1/ib/mlx5_0/1", "rx_bytes_per_s");
    assertValue(0.95, s, "h1/cgroup/system.slice/storage.service", "util");
  }

  @Test
  void aSaturated32BitIbDataCounterIsAProblemNotAZeroRate() throws Exception {
    Files.writeString(fx.sys("class/infiniband/mlx5_0/ports/1/counters/port_rcv_data"), "4294967295\n");
    Scrape s = FixtureHost.scrape(source, 1002);
    assertEquals(List.of(fx.sys("class/infiniband/mlx5_0/ports/1/counters/port_xmit_data")
        + ": 32-bit data counter saturated: no byte rates"), s.problems());
    assertFalse(has(s, "h1/ib/mlx5_0/1", "rx_bytes_per_s"));
  }

  @Test
  void anUnparsableProcStatNamesTheFileAndPressureStillReads() throws Exception {
    Files.writeString(fx.proc("stat"), "cpu  1 2 x\n");
    Scrape s = FixtureHost.scrape(source, 1002);
    assertEquals(List.of(fx.proc("stat") + ": unparsable: For input string: \"x\""), s.problems());
    assertValue(0.15, s, "h1/cpu", "psi_cpu_some");
  }

  @Test
  void anAerFileWithoutItsTotalLineNamesTheFileAndGivesNoErrorRate() throws Exception {
    // scrape 2's file says TOTAL_ERR_COR 9 (5 before: 4 over 2 s, the 2.0/s of TwoSocketRatesTest);
    // without that line the device's sum is unknown, not 0 (0 would read as a counter reset).
    Path cor = fx.sys("devices/pci0000:3a/0000:3a:00.0/0000:3b:00.0/aer_dev_correctable");
    Files.writeString(cor, "RxErr 0\nBadTLP 9\nBadDLLP 0\n");
    Scrape s = FixtureHost.scrape(source, 1002);
    assertEquals(List.of(cor + ": no TOTAL_ERR_ line"), s.problems());
    assertFalse(has(s, "h1/pcie/0000:3b:00.0", "errors_per_s"));
    assertValue(40960000, s, "h1/pcie/0000:01:00.0", "read_bytes_per_s");
  }

  @Test
  void aDiskstatsLineOfExactlyFourteenFieldsIsReadAsKernelsBefore418WroteThem() throws Exception {
    // Before 4.18 a line is major, minor, name and 11 counters; nvme0n1 in scrape 2's format
    // (20 fields) is cut to its first 14, the same counters: its rates do not change.
    Path stats = fx.proc("diskstats");
    String cut = Files.readAllLines(stats).stream()
        .map(l -> l.contains(" nvme0n1 ") ? String.join(" ", java.util.Arrays.copyOf(l.trim().split("\\s+"), 14)) : l)
        .collect(Collectors.joining("\n"));
    Files.writeString(stats, cut);
    Scrape s = FixtureHost.scrape(source, 1002);
    assertEquals(List.of(), s.problems());
    assertValue(10000, s, "h1/disk/nvme0n1", "read_iops");
    assertValue(7.0, s, "h1/disk/nvme0n1", "queue_depth");
  }

  @Test
  void anIoPressureFileWithoutItsFullLineGivesSomeOnlyAsOlderKernelsWriteIt() throws Exception {
    HostSource fresh = new HostSource("h1", null, fx.config());
    Path io = fx.proc("pressure/io");
    Files.writeString(io, "some avg10=0.00 avg60=0.00 avg300=0.00 total=1000000\n");
    FixtureHost.scrape(fresh, 1000);
    Files.writeString(io, "some avg10=0.00 avg60=0.00 avg300=0.00 total=1500000\n");
    Scrape s = FixtureHost.scrape(fresh, 1002);
    assertValue(0.25, s, "h1/cpu", "psi_io_some"); // 500,000 us stalled over 2 s
    assertFalse(has(s, "h1/cpu", "psi_io_full"));
  }

  @Test
  void anExceptionInOneAreaIsContainedToThatArea() throws Exception {
    // A header /proc/interrupts never has: the IRQ area fails this scrape, the others stand.
    Files.writeString(fx.proc("interrupts"), "           CPUx\n 40: 1\n");
    Scrape s = FixtureHost.scrape(source, 1002);
    assertEquals(1, s.problems().size(), s.problems().toString());
    assertTrue(s.problems().get(0).startsWith("h1/irq: collection failed: java.lang.NumberFormatException"));
    assertValue(0.15, s, "h1/cpu", "psi_cpu_some");
    assertValue(7.0, s, "h1/disk/nvme0n1", "queue_depth");
    assertValue(40960000, s, "h1/pcie/0000:01:00.0", "read_bytes_per_s");
  }

  @Test
  void aCgroupThatDoesNotExistIsAProblemNotAFailure() {
    HostSource s = new HostSource("h1", null, fx.config(List.of("no/such.scope"), List.of()));
    Scrape first = FixtureHost.scrape(s, 1000);
    assertTrue(first.problems().contains(fx.sys("fs/cgroup/no/such.scope") + ": cgroup not found (neither v2 nor v1 cpu hierarchy)"),
        first.problems().toString());
    assertFalse(first.entities().isEmpty());
  }

  @Test
  void noProcOrSysAtAllStillReturns() {
    HostSource s = new HostSource("h1", null, new HostSourceConfig(tmp.resolve("nope/proc"), tmp.resolve("nope/sys")));
    Scrape scrape = FixtureHost.scrape(s, 1000);
    assertTrue(scrape.problems().contains(tmp.resolve("nope/proc/stat") + ": missing"), scrape.problems().toString());
    assertTrue(scrape.problems().contains(tmp.resolve("nope/sys/bus/pci/devices") + ": missing: no PCI devices to discover"));
    assertTrue(scrape.problems().contains(tmp.resolve("nope/sys/block") + ": missing: no block devices to discover"),
        scrape.problems().toString());
    assertTrue(scrape.problems().contains(tmp.resolve("nope/sys/class/net") + ": missing: no network interfaces to discover"),
        scrape.problems().toString());
  }
}
