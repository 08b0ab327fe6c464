package io.headroom.app.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.analyzer.analysis.RunAnalyzer;
import io.headroom.analyzer.data.RunData;
import io.headroom.model.Bottleneck;
import io.headroom.model.HeadroomEntry;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Verdict;
import io.headroom.model.recording.RecordingReader;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The closing sentence of the studies' scenario recordings (docs/scenarios/README.md gives each
 * phase's figures; the recordings add 2% seeded noise per reading, so a p95 sits a point or two
 * above the quoted mean). Percentages are the p95 reading against the declared ceiling, rounded.
 */
class LimitSentenceTest {
  static Verdict judge(String file) throws Exception {
    RunData data = new RunData();
    new RecordingReader(false).read(Path.of("../docs/scenarios/" + file), data::accept);
    return new RunAnalyzer().analyze(data, RunAnalyzer.defaultRun(data));
  }

  @Test
  void s5NamesBothArrayNodesAsTheLimitAndTheHostsAndPortsAsHeadroom() throws Exception {
    Verdict v = judge("s5-powerstore-upgrade.jsonl");
    // 8k-rand-read25: nodes at 93-95% + noise -> p95 0.96 each (the run's evidence quotes it);
    // hosts 55-57%; a 100 GbE port carries 315.7 MB/s of 12.5 GB/s = 2.5% -> "3%".
    // Next: the hosts (mean 0.55) would be full at 1.43 GB/s where the nodes (node-a's mean 0.945) are full at
    // 830.6 MB/s: 0.945 / 0.55 = 1.72x
    // both nodes full: the array (their common parent) is named, not node-a (LimitName)
    assertEquals("Run s5 (ARRAY_CPU in 2 of 3 phases; figures of 8k-rand-read25): The limit was the array CPU: "
        + "the array s5/ps1200t, both nodes at 96% while the tightest host CPU (s5/esx2/cpu) at 57% busy and the tightest port "
        + "(s5/esx1/vmnic2) at 3% of line rate had headroom. "
        + "Next: the host CPU s5/esx*/cpu would be full at 1.72x this phase's throughput.", LimitSentence.run(v));
    // the read-only phase: nodes at 78% + noise -> p95 0.79, under the 0.90 ceiling: NONE, and the
    // benchmark kept its configured I/O in flight, so the configured depth is the cap;
    // 784.2 MB/s where the nodes would be full (612.5 MB/s at their mean 0.78) / 612.5 MB/s moved = 1.28x
    assertEquals("Nothing on the data path was at its ceiling (configured cap): the tightest, "
        + "s5/ps1200t/node-a, was at 79% busy, while the tightest host CPU (s5/esx1/cpu) at 54% busy and the "
        + "tightest port (s5/ps1200t/node-a/eth0) at 3% of line rate had headroom. "
        + "Next: the array CPU s5/ps1200t/node-* would be full at 1.28x this phase's throughput.",
        LimitSentence.withNext(phase(v, "4k-rand-read100")));
  }

  @Test
  void s4NamesTheLinkWithItsLineRateAndPracticalShare() throws Exception {
    Verdict v = judge("s4-r760-nvme-perc.jsonl");
    // perc1-seqread: p95 28.38 GB/s of a Gen4 x16 link's 31.5 GB/s = 90% of line rate;
    // against the practical 87% of line rate: 0.90 / 0.87 = 104%; the next limit, the PERC's
    // volume, full at 57.1 GB/s where the link is full at 27.54 (the means': 28.1 GB/s of the
    // link's 27.4 practical, 102.5%, over the drives' 49.5% of 56.8 GB/s): 57.1 / 27.54 = 2.07x
    assertEquals("Run s4 (PCIE in 2 of 4 phases; figures of perc1-seqread): The limit was the PCIe link: "
        + "s4/r760/pcie/0000:4a:00.0 at 90% of line rate (104% of its practical ceiling) while the tightest disk "
        + "(s4/perc0/vd0) at 51% of its spec and the tightest CPU socket (s4/r760/cpu/socket0) at 41% busy had "
        + "headroom. Next: the disk s4/perc0/vd0 would be full at 2.07x this phase's throughput.", LimitSentence.run(v));
    // perc2-oltp-10M: CPUs at 95-96% + noise -> p95 0.97; perc1's volume 5,300,300 of 8,800,000 IOPS = 60%
    assertEquals("The limit was the host CPU: s4/r760/cpu at 97% busy while the tightest disk (s4/perc1/vd0) at 60% "
        + "of its spec and the tightest PCIe link (s4/r760/pcie/0000:ca:00.0) at 48% of line rate (55% of its "
        + "practical ceiling) had headroom.", LimitSentence.phase(phase(v, "perc2-oltp-10M")));
  }

  @Test
  void s1NamesTheFabricNotItsFirstPort() throws Exception {
    Verdict v = judge("s1-fc-san.jsonl");
    // 4 tiers x 8 ports = 32 ports, each at 3.2 GB/s of 3.2 GB/s = 100% of line rate; practical is
    // 98% of line rate for fc: 1.00 / 0.98 = 102%; client CPUs 24% + noise -> p95 25%
    // their common name would be "s1/*", which names nothing: the group is named by what it is
    assertEquals("The limit was the network: the fc fabric, all 32 ports on the path at 100% of line rate while the tightest host CPU "
        + "(s1/c3/cpu) at 25% busy and the tightest array node (s1/r750/cpu) at 8% busy had headroom.",
        LimitSentence.phase(phase(v, "fc-gpu-seqread-8T/32Q")));
  }

  /** A resource is named as headroom below 90% of its practical ceiling, not at it. */
  @Test
  void headroomIsWhatIsBelowNinetyPercentOfItsPracticalCeiling() {
    HeadroomEntry disk = new HeadroomEntry("d0", "disk", 1.0, 1.0, "util", true);
    HeadroomEntry justBelow = new HeadroomEntry("cpu0", "host_cpu", 0.8999, 0.8999, "util", true);
    HeadroomEntry at = new HeadroomEntry("link0", "pcie_link", 0.9, 0.8, "device-to-host", true);
    HeadroomEntry offPath = new HeadroomEntry("p9", "net_port", 0.1, 0.1, "tx", false);
    PhaseVerdict p = new PhaseVerdict("q", Bottleneck.DISK, "d0", 0.9, null, List.of(),
        List.of(disk, at, justBelow, offPath), List.of(), null);
    // 0.8999 -> "90% busy" (rounded) but below the line; link0 at 0.9 of practical is not headroom;
    // the off-path port is never quoted
    assertEquals("The limit was the disk: d0 at 100% of its spec while the tightest host CPU (cpu0) at 90% busy had headroom.",
        LimitSentence.phase(p));
  }

  /** A disk judged by its busy time has no spec: it reads "busy", as a CPU does (issue 44). */
  @Test
  void aDiskJudgedByBusyTimeIsBusyNotAShareOfASpec() {
    HeadroomEntry disk = new HeadroomEntry("d0", "disk", 0.89, 0.89, "busy", true);
    PhaseVerdict p = new PhaseVerdict("q", Bottleneck.DISK, "d0", 0.9, null, List.of(), List.of(disk), List.of(), null);
    assertEquals("The limit was the disk: d0 at 89% busy.", LimitSentence.phase(p));
  }

  /**
   * NONE's tightest at 90% of its practical ceiling or more did not hold the workload back, and the
   * sentence says so; at 89.99% it is plainly below its ceiling.
   */
  @Test
  void aNonePhasesTightestAtItsCeilingsThresholdDidNotHoldTheWorkload() {
    HeadroomEntry cpu = new HeadroomEntry("vm/cpu/0", "cpu", 0.98, 0.98, "util", true);
    PhaseVerdict at = new PhaseVerdict("q", Bottleneck.NONE, null, 0.5, "configured_cap", List.of(), List.of(cpu),
        List.of(), null);
    assertEquals("Nothing on the data path was at its ceiling (configured cap): the tightest, vm/cpu/0, was at 98% busy"
        + " without holding the workload back.", LimitSentence.phase(at));
    HeadroomEntry below = new HeadroomEntry("vm/cpu/0", "cpu", 0.8999, 0.8999, "util", true);
    PhaseVerdict under = new PhaseVerdict("q", Bottleneck.NONE, null, 0.5, "configured_cap", List.of(), List.of(below),
        List.of(), null);
    assertEquals("Nothing on the data path was at its ceiling (configured cap): the tightest, vm/cpu/0, was at 90% busy.",
        LimitSentence.phase(under));
  }

  private static PhaseVerdict phase(Verdict v, String name) {
    return v.phases().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
  }
}
