package io.headroom.app.lab;

import io.headroom.standin.MachineTest;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.headroom.model.Bottleneck;
import io.headroom.model.HeadroomEntry;
import io.headroom.model.Phase;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every lab case (lab/cases, docs/lab.md) on real parts: nbdkit in its namespace and cgroup, a
 * tc-shaped veth, a blkio-throttled loop device, fio in a CPU-limited cgroup; the collector, Kafka,
 * the analyzer and PostgreSQL as deployed. Each case asserts the verdict's class and entity, the
 * limited resource's measured load against its ceiling, every evidence sentence's figures against
 * the case's injected limits ({@link LabEvidence}), the verdict the analyzer stored, and how
 * soon the live verdict reached the webhook after the limit appeared (printed, and appended to
 * target/lab-latency.txt).
 */
@MachineTest("installs nbdkit and fio, creates network namespaces, tc qdiscs, cgroups and loop devices")
class BottleneckLabTest {
  /** Loosely: the aim is 5 s; a shared 2-core CI machine gets slack. */
  static final double LIVE_WITHIN_S = 12;
  static final Path REPORT = Path.of("target/lab-latency.txt");

  @TempDir static Path dir;
  static LabPipeline pipeline;

  @BeforeAll
  static void start() throws Exception {
    String why = LabTestbed.cannotRunHere();
    assumeTrue(why == null, why);
    LabTestbed.sweep();
    pipeline = new LabPipeline(dir);
  }

  @AfterAll
  static void stop() throws Exception {
    if (pipeline != null) {
      pipeline.close();
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"network", "array-cpu", "client-cpu", "disk", "healthy", "sweep"})
  void theVerdictNamesTheInjectedLimit(String name) throws Exception {
    LabCase c = LabCase.load(name);
    try (LabTestbed bed = LabTestbed.up(c.setup())) {
      LabPipeline.Outcome out = pipeline.run(c, bed);
      Verdict v = out.verdict();
      String expected = c.expectRole() == null ? null : bed.entity(c.expectRole());
      assertEquals(c.expectClass(), v.bottleneck().name(), () -> "verdict " + v.evidence());
      assertEquals(expected, v.entity(), () -> "verdict " + v.evidence());
      assertPhases(c, bed, v);
      assertLoad(c, bed, expected, v);
      LabEvidence.check(c, bed, v);
      assertTrue(pipeline.storedVerdicts(out.testbed(), out.run()).contains(c.expectClass()),
          "the verdict table holds the live verdicts of the run");
      double latency = liveLatency(c, bed, out);
      report(String.format("%-10s %-9s live verdict %.2f s after the phase started", name, c.expectClass(), latency));
      assertTrue(latency < LIVE_WITHIN_S, name + ": live verdict " + latency + " s after the limit appeared");
    }
  }

  private static void assertPhases(LabCase c, LabTestbed bed, Verdict v) {
    if (c.phases().isEmpty()) {
      assertEquals(1, v.phases().size(), v.phases().toString());
      assertEquals(v.bottleneck(), v.phases().get(0).bottleneck());
      return;
    }
    assertEquals(List.copyOf(c.phases().keySet()), v.phases().stream().map(PhaseVerdict::name).toList());
    for (PhaseVerdict p : v.phases()) {
      assertEquals(c.phases().get(p.name()), p.bottleneck().name(), "phase " + p.name());
      assertEquals(p.bottleneck() == Bottleneck.NONE ? null : bed.entity(c.expectRole()), p.entity(), "phase " + p.name());
    }
  }

  /**
   * The limit's own reading: the named resource's p95 at 85-115% of its declared ceiling (line
   * rate, spec, util 1.0); for NONE, the testbed's port, array, client and disk all below 90% of it.
   */
  private static void assertLoad(LabCase c, LabTestbed bed, String expected, Verdict v) {
    if (expected == null) {
      for (String role : List.of("port", "array", "client", "disk")) {
        String id = bed.entity(role);
        for (HeadroomEntry h : v.headroom()) {
          assertTrue(!h.entity().equals(id) || h.lineRate() < 0.9, "healthy, yet " + id + " at " + h.lineRate());
        }
      }
      return;
    }
    HeadroomEntry h = v.headroom().stream().filter(e -> e.entity().equals(expected)).findFirst().orElse(null);
    assertNotNull(h, expected + " not in the headroom table " + v.headroom());
    assertTrue(h.lineRate() >= 0.85 && h.lineRate() <= 1.15, expected + " at " + h.lineRate() + " of its ceiling");
  }

  /**
   * Seconds from the start of the phase where the limit appears (the last phase; from fio's own
   * record of it) to the first webhook whose verdict names it for that phase.
   */
  private static double liveLatency(LabCase c, LabTestbed bed, LabPipeline.Outcome out) throws InterruptedException {
    Map<String, Phase> phases = out.phases();
    Phase limited = phases.values().stream().reduce((a, b) -> b).orElseThrow();
    String wantClass = c.phases().isEmpty() ? c.expectClass() : c.phases().get(limited.name());
    String wantEntity = "NONE".equals(wantClass) ? null : bed.entity(c.expectRole());
    for (int i = 0; i < 50; i++) {
      for (WebhookReceiver.Heard h : pipeline.hooks.of(out.testbed(), out.run())) {
        for (PhaseVerdict p : h.verdict().phases()) {
          if (p.name().equals(limited.name()) && p.bottleneck().name().equals(wantClass)
              && java.util.Objects.equals(p.entity(), wantEntity)) {
            return h.at() - limited.start();
          }
        }
      }
      Thread.sleep(200);
    }
    throw new AssertionError("no live verdict " + wantClass + " for phase " + limited.name() + "; heard "
        + pipeline.hooks.of(out.testbed(), out.run()).stream().map(h -> h.verdict().bottleneck() + "@" + h.at()).toList());
  }

  private static void report(String line) throws Exception {
    System.out.println(line);
    Files.createDirectories(REPORT.getParent());
    Files.writeString(REPORT, line + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
  }
}
