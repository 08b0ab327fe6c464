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
    Files.writeString(fx.proc("net/dev"), "Inter-|\n face |\n ens1f0: 12 abc\n");
    Files.writeString(fx.proc("diskstats"), " 259 0 nvme0n1 x y z 1 2 3 4 5 6 7 8 9 10 11\n");
    Scrape s = FixtureHost.scrape(source, 1002);
    assertTrue(s.problems().stream().anyMatch(p -> p.startsWith("h1/block: collection failed: ")
        && p.contains("NumberFormatException")), s.problems().toString());
    assertValue(2e9, s, "h1/ib/mlx5_0/1", "rx_bytes_per_s");
    assertValue(0.95, s, "h1/cgroup/system.slice/storage.service", "util");
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
  }
}
