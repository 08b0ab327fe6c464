package io.headroom.analyzer.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.model.Bottleneck;
import io.headroom.model.CoLimit;
import io.headroom.model.HeadroomEntry;
import io.headroom.model.PhaseVerdict;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Reads every evidence sentence of every phase of the five studies and checks it against the
 * phase's own headroom table, so that no line says what the numbers beside it contradict: the
 * verdict's entity and co-limits at their ceiling on the path, NONE's tightest being the table's
 * tightest on the path, entities called off the path being off it, Little's law's conclusion
 * following from its own figures.
 */
class EvidenceTruthTest {
  private static final double AT_CEILING = 0.90;
  private static final Pattern TIGHTEST = Pattern.compile("^nothing on the data path (held )?at its ceiling: tightest (\\S+) ");
  private static final Pattern OFF_PATH = Pattern.compile("^off the data path, not the verdict: (\\S+) ");
  private static final Pattern DEGRADED = Pattern.compile("^degraded link (on|off) the data path: (\\S+) ");
  private static final Pattern LITTLE = Pattern.compile("^Little's law: .* \\((\\d+)%\\): (queues kept full|the submitting side)");
  private static final Pattern TRANSIENT = Pattern.compile("^transient saturation, not the limit: (\\S+) ");
  private static final Pattern SUSTAINED = Pattern.compile("^sustained: (\\S+) \\S+ at its ceiling in (\\d+) of (\\d+) readings");
  private static final Pattern CO_LIMIT = Pattern.compile("^co-limit, also at its ceiling(?: \\(a near tie\\))?: (\\w+) (\\S+): ");
  private static final Pattern PLATEAU = Pattern.compile("^workload .*, (flat|varying) \\(cv (\\d+)%\\)");
  /** "X tx p95 3.2 GB/s = 100% of 3.2 GB/s (102% of the practical ...": both shares are the table's. */
  private static final Pattern DIRECTION = Pattern.compile(
      "(\\S+) (?:tx|rx|host-to-device|device-to-host) p95 [\\d.]+ GB/s = (\\d+)% of [\\d.]+ GB/s(?: \\((\\d+)% of the practical)?");
  // entity ids have a slash; "hosts util p95 0.58" is a summary over the client CPUs
  private static final Pattern UTIL = Pattern.compile("(\\S+/\\S+) util p95 (\\d\\.\\d\\d)");
  private static final Pattern SPEC = Pattern.compile("(\\S+) p95 [\\d,.]+ (?:IOPS|GB/s) = (\\d+)% of its");

  @ParameterizedTest
  @ValueSource(strings = {"s1-fc-san.jsonl", "s2-nvmeof-oltp.jsonl", "s3-ib-hdd.jsonl",
      "s4-r760-nvme-perc.jsonl", "s5-powerstore-upgrade.jsonl", "s4-r760-direct.jsonl", "s5-powerstore-before.jsonl",
      "one-cpu-irq.jsonl", "md-slow-member.jsonl"})
  void everyEvidenceSentenceAgreesWithItsPhasesNumbers(String file) {
    StudyRecordings s = new StudyRecordings(file);
    assertFalse(s.verdict.phases().isEmpty(), file);
    for (PhaseVerdict p : s.verdict.phases()) {
      String where = file + " " + p.name();
      assertFalse(p.evidence().isEmpty(), where + ": a phase without evidence");
      assertFalse(p.headroom().isEmpty(), where + ": a phase without headroom");
      if (p.bottleneck() != Bottleneck.NONE && p.bottleneck() != Bottleneck.NUMA) {
        HeadroomEntry row = row(p, p.entity()).orElseThrow();
        assertTrue(row.onPath() && row.utilization() >= AT_CEILING, where + ": verdict entity row " + row);
      }
      for (CoLimit c : p.coLimits()) {
        assertTrue(c.bottleneck() != p.bottleneck(), where + ": a co-limit of the verdict's own class");
        assertTrue(c.utilization() >= AT_CEILING, where + ": co-limit below its ceiling " + c);
      }
      if (p.group() != null) {
        assertEquals(p.entity(), p.group().entities().get(0), where + ": the group's tightest is the entity");
      }
      for (String line : p.evidence()) {
        check(where, p, line);
      }
    }
  }

  private static void check(String where, PhaseVerdict p, String line) {
    Matcher m = TIGHTEST.matcher(line);
    if (m.find()) {
      assertEquals(Bottleneck.NONE, p.bottleneck(), where);
      HeadroomEntry first = p.headroom().stream().filter(HeadroomEntry::onPath).findFirst().orElseThrow();
      assertEquals(first.entity(), m.group(2), where + ": NONE's tightest is the table's tightest on the path");
      // "nothing at its ceiling" only below it; at or past it, "nothing held at its ceiling"
      assertEquals(m.group(1) != null, first.utilization() >= AT_CEILING, where + ": " + line + " vs " + first);
    }
    m = OFF_PATH.matcher(line);
    if (m.find()) {
      HeadroomEntry row = row(p, m.group(1)).orElseThrow();
      assertTrue(!row.onPath() && row.utilization() >= AT_CEILING, where + ": " + line + " vs " + row);
    }
    Matcher degraded = DEGRADED.matcher(line);
    if (degraded.find()) {
      boolean on = degraded.group(1).equals("on");
      row(p, degraded.group(2)).ifPresent(r -> assertEquals(on, r.onPath(), where + ": " + line));
    }
    m = LITTLE.matcher(line);
    if (m.find()) {
      boolean full = Integer.parseInt(m.group(1)) >= 80;
      assertEquals(full, m.group(2).equals("queues kept full"), where + ": " + line);
    }
    m = TRANSIENT.matcher(line);
    if (m.find()) {
      assertFalse(m.group(1).equals(p.entity()), where + ": the verdict's entity called transient");
    }
    m = SUSTAINED.matcher(line);
    if (m.find()) {
      assertEquals(p.entity(), m.group(1), where + ": " + line);
      assertTrue(2 * Integer.parseInt(m.group(2)) >= Integer.parseInt(m.group(3)), where + ": " + line);
    }
    m = CO_LIMIT.matcher(line);
    if (m.find()) {
      String cls = m.group(1);
      String entity = m.group(2);
      assertTrue(p.coLimits().stream().anyMatch(c -> c.bottleneck().name().equals(cls) && c.entity().equals(entity)),
          where + ": " + line + " not in " + p.coLimits());
    }
    m = PLATEAU.matcher(line);
    if (m.find()) {
      assertEquals(Integer.parseInt(m.group(2)) <= 5, m.group(1).equals("flat"), where + ": " + line);
    }
    // every figure quoted for an entity is its row's: the evidence and the table tell one story
    m = DIRECTION.matcher(line);
    while (m.find()) {
      HeadroomEntry row = row(p, m.group(1)).orElseThrow();
      assertEquals(Integer.parseInt(m.group(2)), row.lineRate() * 100, 0.5 + 1e-9, where + ": " + line + " vs " + row);
      if (m.group(3) != null) {
        assertEquals(Integer.parseInt(m.group(3)), row.utilization() * 100, 0.5 + 1e-9, where + ": " + line + " vs " + row);
      }
    }
    m = UTIL.matcher(line);
    while (m.find()) {
      HeadroomEntry row = row(p, m.group(1)).orElseThrow();
      assertEquals(Double.parseDouble(m.group(2)), row.lineRate(), 0.005 + 1e-9, where + ": " + line + " vs " + row);
    }
    m = SPEC.matcher(line);
    while (m.find()) {
      HeadroomEntry row = row(p, m.group(1)).orElseThrow();
      assertEquals(Integer.parseInt(m.group(2)), row.lineRate() * 100, 0.5 + 1e-9, where + ": " + line + " vs " + row);
    }
    assertFalse(line.contains("no device on the path has a known ceiling")
        && p.headroom().stream().anyMatch(r -> r.onPath() && !r.kind().endsWith("cpu") && !r.kind().equals("cpu_socket")),
        where + ": " + line);
  }

  private static Optional<HeadroomEntry> row(PhaseVerdict p, String entity) {
    return p.headroom().stream().filter(r -> r.entity().equals(entity)).findFirst();
  }
}
