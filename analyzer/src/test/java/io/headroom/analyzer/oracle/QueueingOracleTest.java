package io.headroom.analyzer.oracle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.analyzer.analysis.RunAnalyzer;
import io.headroom.analyzer.data.RunData;
import io.headroom.analyzer.oracle.Mva.Solution;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Verdict;
import io.headroom.model.recording.RecordingReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import net.jqwik.api.Disabled;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 43's queueing oracle: random testbeds solved as closed queueing networks (OracleTestbed),
 * their truth from the solved network alone (OracleTruth), judged by the analyzer. CI runs the
 * recordings' own laws over 200 seeds and the pass rates over seeds 1..200; the full count by
 * {@code mvn -B -pl analyzer -am test -Dtest='QueueingOracleTest#passRate'
 * -Dheadroom.oracle.seeds=10000 -Dsurefire.failIfNoSpecifiedTests=false} (docs/detection.md,
 * "The queueing oracle"). {@code -Dheadroom.oracle.record=SEED[,SEED...]} writes those seeds'
 * recordings to analyzer/target/oracle/ for {@code ./headroom analyze FILE}.
 */
class QueueingOracleTest {
  /**
   * What the saturation model reaches, rounded down to the percent from the lower of CI's 200 seeds
   * (96.9%, 74.2%, 76.9%, 94.0% of 753 phases) and 10,000 seeds (97.7%, 74.8%, 76.2%, 91.5% of
   * 37,186; docs/detection.md, "The queueing oracle"). The threshold rules of 2026-12-07 (main at 911dd98)
   * reached 63.6%, 49.5%, 38.9% and 66.9%, 54.0%, 38.5%. Floors that catch a regression, to be
   * raised as the detection comes closer to the oracle.
   */
  static final double VERDICT_FLOOR = 0.96;
  static final double NEXT_LIMIT_FLOOR = 0.73;
  static final double GAIN_FLOOR = 0.75;
  /** Next limit and gain right, or the next's ceiling not recorded and said so (OracleJudgement.nextSaidUnknown). */
  static final double RIGHT_OR_SAID_FLOOR = 0.91;
  private static final double TOLERANCE = 0.04;
  /** How many wrong phases passRate lists (-Dheadroom.oracle.listed, 30 by default). */
  private static final int LISTED = Integer.getInteger("headroom.oracle.listed", 30);

  /**
   * Seeds whose verdicts the threshold rules get wrong, one of each kind (one line each in
   * docs/detection.md, "The queueing oracle"): 33 and 6 an array's and a host's CPU limit judged
   * DISK on a busy volume, 5 a concurrency-bound phase judged DISK on a busy SSD, 209 a volume at
   * its bound below its spec judged NONE, 3 an ISL's other end as its next limit, 7 a phase at
   * 94% of its bound judged NETWORK, 208 a trained-down link as its own next limit, 11 no next
   * limit on a disk without a spec, 44 the right next limit at the wrong gain. Kept as regression
   * cases for the rewritten detection, disabled until it passes them.
   */
  /**
   * Seeds whose verdicts the threshold rules got wrong (issue 43's failure modes: a busy volume
   * judged DISK under saturated array nodes, a many-server drive judged DISK at 6% of its bound, a
   * disk below both its figures judged NONE), each phase's verdict now the oracle's.
   */
  @ParameterizedTest
  @ValueSource(longs = {33L, 6L, 209L})
  void verdictRegressionSeeds(long seed) {
    OracleTestbed t = new OracleTestbed(seed);
    Verdict v = judge(t);
    for (int p = 0; p < t.depths.length; p++) {
      OracleJudgement j = new OracleJudgement(t, p, t.truths.get(p), v.phases().get(p));
      assertTrue(j.verdictRight(), j.describe());
    }
  }

  /**
   * Seeds whose next limit was a CPU carrying a fixed load, taken as the workload's in a run whose
   * every phase moved one throughput, and is right from the reading before the run (Idle, all three
   * read 10 s before their first phase): 176 (local NVMe full from the first depth: the host CPU
   * named at 2.91x, the oracle's drive links at 12.82x), 205 (a PCIe link: the host CPU at 2.94x,
   * the host links at 13.58x), 181 (a volume: an array node at 3.65x, the array links at 6.00x),
   * 187 (local NVMe: the host CPU at 3.79x, the drive links at 22.82x). Every phase's verdict,
   * next limit and gain right.
   */
  @ParameterizedTest
  @ValueSource(longs = {176L, 205L, 181L, 187L})
  void fixedLoadRegressionSeeds(long seed) {
    assertEquals(OracleRecording.IDLE, OracleRecording.idleSeconds(new OracleTestbed(seed)));
    assertAllRight(seed);
  }

  /**
   * Seed 120: a RAID0 of two NVMe drives, both 100% busy with 1,019 queued, md0 reading no busy
   * time. The verdict named one drive alone and listed its twin as a device that "may fill before"
   * the next limit; the two are one group, lifted together, and nothing unknown is left.
   */
  @Test
  void theMembersOfAnArrayFullTogetherAreItsGroup() {
    Verdict v = judge(new OracleTestbed(120));
    PhaseVerdict last = v.phases().get(v.phases().size() - 1);
    assertEquals(List.of("o/h1/disk/nvme0n1", "o/h1/disk/nvme1n1"), last.group().entities());
    assertEquals(null, last.nextLimit().unknownCeilings(), last.nextLimit().evidence().toString());
  }

  @org.junit.jupiter.api.Disabled("issue 43: verdict, next limit and gain all right in every phase is not reached yet"
      + " (docs/detection.md, section 11, for the rates)")
  @ParameterizedTest
  @ValueSource(longs = {33L, 6L, 5L, 209L, 3L, 7L, 208L, 11L, 44L})
  void failingSeeds(long seed) {
    assertAllRight(seed);
  }

  /** The property, for the rewritten detection: every phase right on every seed. */
  @Disabled("issue 43: the threshold rules fail it; enable with the rewritten detection")
  @Property(tries = 200)
  void theVerdictNamesTheOraclesLimitItsNextLimitAndGain(@ForAll @LongRange(min = 1, max = 1_000_000) long seed) {
    assertAllRight(seed);
  }

  /**
   * The recordings obey the queueing laws they were solved by, read back from the samples (means
   * over a phase of at least 30 readings with 2% noise: a mean's standard error is 2% / sqrt(30)
   * = 0.37%, a comparison of three means 0.63%, so TOLERANCE, 4%, is six of them: some ten
   * thousand comparisons a run never trip on noise, while a wrong visit share or a missing
   * station is off by tens of percent):
   * bytes = IOPS x block size, Little's law for the workload (IOPS x latency = jobs x iodepth)
   * and for every disk (queue_depth = IOPS x latency), a link's two ends read the same bytes, a
   * multi-server's busy time 1 - P(0) at least its utilisation, the population all somewhere,
   * and no throughput above the tightest bound.
   */
  @Property(tries = 200)
  void theRecordingsObeyTheQueueingLaws(@ForAll @LongRange(min = 1, max = 1_000_000) long seed) {
    OracleTestbed t = new OracleTestbed(seed);
    RunData data = OracleRecording.data(t);
    for (int p = 0; p < t.depths.length; p++) {
      String at = t.describe() + " phase " + t.phaseName(p);
      PhaseMeans m = new PhaseMeans(data, p, t);
      double iops = m.of(OracleTestbed.FIO, "read_iops") + m.of(OracleTestbed.FIO, "write_iops");
      double bytes = m.of(OracleTestbed.FIO, "read_bytes_per_s") + m.of(OracleTestbed.FIO, "write_bytes_per_s");
      assertEquals(iops * t.bs, bytes, TOLERANCE * bytes, at + ": bytes = IOPS x block size");
      double latency = t.reads > 0 ? m.of(OracleTestbed.FIO, "read_latency_s") : m.of(OracleTestbed.FIO, "write_latency_s");
      assertEquals(t.outstanding(p), iops * latency, TOLERANCE * t.outstanding(p), at + ": Little, jobs x iodepth in flight");
      for (String disk : t.entities.keySet()) {
        if (t.entities.get(disk).kind().equals("disk")) {
          double q = m.of(disk, "queue_depth");
          double diskIops = m.of(disk, "read_iops") + m.of(disk, "write_iops");
          double diskLatency = t.reads > 0 ? m.of(disk, "read_latency_s") : m.of(disk, "write_latency_s");
          assertEquals(q, diskIops * diskLatency, TOLERANCE * q, at + ": Little at " + disk);
        }
      }
      for (var r : t.relations) {
        if (r.rel().equals("cabled_to")) {
          double rx = m.of(r.from(), "rx_bytes_per_s");
          assertEquals(rx, m.of(r.to(), "tx_bytes_per_s"), TOLERANCE * rx + 1, at + ": both ends of " + r.from());
        }
      }
      Solution s = t.solutions[p];
      double customers = 0;
      for (int i = 0; i < t.parts.size(); i++) {
        customers += s.q()[i];
        Mva.Station st = t.parts.get(i).station();
        assertTrue(s.x() <= st.bound() * (1 + 1e-9), at + ": X above " + st.name() + "'s bound");
        if (st.servers() > 1) {
          assertTrue(1 - s.p0()[i] >= s.u()[i] - 1e-9, at + ": " + st.name() + " busy " + (1 - s.p0()[i]) + " below U " + s.u()[i]);
        }
      }
      assertEquals(t.populations[p], customers, 1e-6 * t.populations[p], at + ": every I/O somewhere");
    }
  }

  /** A recording file written for a seed reads back to the same verdict as the seed's data. */
  @Test
  void aSeedWritesARecordingThatAnalyzeReads(@TempDir Path dir) throws IOException {
    OracleTestbed t = new OracleTestbed(3);
    Path file = dir.resolve("oracle-3.jsonl");
    OracleRecording.write(t, file);
    RunData read = new RunData();
    new RecordingReader(false).read(file, read::accept);
    Verdict fromFile = new RunAnalyzer().analyze(read, RunAnalyzer.defaultRun(read));
    Verdict direct = judge(t);
    assertEquals(direct.phases().size(), fromFile.phases().size());
    for (int p = 0; p < direct.phases().size(); p++) {
      assertEquals(direct.phases().get(p).bottleneck(), fromFile.phases().get(p).bottleneck());
      assertEquals(direct.phases().get(p).entity(), fromFile.phases().get(p).entity());
    }
    String seeds = System.getProperty("headroom.oracle.record", "");
    for (String seed : seeds.split(",")) {
      if (!seed.isBlank()) {
        Path out = Path.of("target", "oracle", "oracle-" + seed.trim() + ".jsonl");
        Files.createDirectories(out.getParent());
        OracleRecording.write(new OracleTestbed(Long.parseLong(seed.trim())), out);
        System.out.println("wrote " + out.toAbsolutePath());
      }
    }
  }

  /**
   * Seeds 1..N (N from -Dheadroom.oracle.seeds, 200 by default): the share of phases whose
   * verdict, next limit and gain agree with the oracle, by the oracle's class, the verdicts the
   * wrong ones got, and up to 30 wrong phases in one line each. Asserts only the floors.
   */
  @Test
  void passRate() {
    int n = Integer.getInteger("headroom.oracle.seeds", 200);
    long start = System.nanoTime();
    Tally all = new Tally();
    Map<String, Tally> byClass = new TreeMap<>();
    Map<String, Tally> byIdle = new TreeMap<>();
    Map<String, Integer> confusion = new TreeMap<>();
    Map<String, Integer> nextConfusion = new TreeMap<>();
    Map<String, List<String>> wrong = new TreeMap<>();
    List<Long> failingSeeds = new ArrayList<>();
    int[] concurrency = new int[3]; // limited phases; gains off the bounds' ratio; of those, right at this concurrency
    for (long seed = 1; seed <= n; seed++) {
      OracleTestbed t = new OracleTestbed(seed);
      Verdict v = judge(t);
      boolean seedRight = true;
      for (int p = 0; p < t.depths.length; p++) {
        OracleJudgement j = new OracleJudgement(t, p, t.truths.get(p), v.phases().get(p));
        String oracle = j.truth().limit() == null ? "NONE" : j.truth().limit().bottleneck().name();
        all.add(j);
        byClass.computeIfAbsent(oracle, k -> new Tally()).add(j);
        byIdle.computeIfAbsent(OracleRecording.idleSeconds(t) > 0 ? "all, read before the run" : "all, not read before the run",
            k -> new Tally()).add(j);
        if (!j.verdictRight()) {
          confusion.merge(oracle + " judged " + j.verdict().bottleneck(), 1, Integer::sum);
        }
        if (!j.nextRight()) {
          nextConfusion.merge(j.truth().nextName().split(" ")[0] + " named "
              + (j.verdict().nextLimit() == null ? "none" : j.verdict().nextLimit().bottleneck()), 1, Integer::sum);
        }
        if (j.truth().limit() != null) {
          concurrency[0]++;
          if (!j.gainRight()) {
            concurrency[1]++;
            concurrency[2] += j.gainRightAtConcurrency() ? 1 : 0;
          }
        }
        if (!j.allRight()) {
          seedRight = false;
          wrong.computeIfAbsent(oracle, k -> new ArrayList<>())
              .add("[" + (j.verdictRight() ? "" : "verdict ") + (j.nextRight() ? "" : "next ") + (j.gainRight() ? "" : "gain ")
                  + "wrong" + (j.nextObservable() ? "" : j.nextSaidUnknown() ? "; next's ceiling not recorded, said so"
                      : "; next's ceiling not recorded")
                  + (OracleRecording.idleSeconds(t) > 0 ? "; read before the run" : "") + "] " + j.describe());
        }
      }
      if (!seedRight && failingSeeds.size() < 100) {
        failingSeeds.add(seed);
      }
    }
    System.out.printf(Locale.ROOT, "queueing oracle: %d seeds, %d phases in %.0f s%n", n, all.phases,
        (System.nanoTime() - start) / 1e9);
    System.out.println("| oracle's limit | phases | verdict right | next limit right | gain within 10% | next limit right where its ceiling is recorded"
        + " | next limit and gain right, or its ceiling said not recorded |");
    System.out.println("|---|---|---|---|---|---|---|");
    byClass.forEach((k, tally) -> System.out.println(tally.row(k)));
    System.out.println(all.row("all"));
    byIdle.forEach((k, tally) -> System.out.println(tally.row(k)));
    System.out.println("wrong verdicts: " + confusion);
    System.out.println("wrong next limits (oracle's next class named as): " + nextConfusion);
    System.out.printf(Locale.ROOT, "limited phases: %d; gain off the bounds' ratio by more than 10%%: %d, of which within 10%%"
        + " of the oracle's gain at the phase's own concurrency (the limit lifted, the population kept): %d%n",
        concurrency[0], concurrency[1], concurrency[2]);
    System.out.println("first failing seeds: " + failingSeeds);
    // up to 30 wrong phases, taken in turn from each oracle class so every kind of error shows
    List<String> listed = new ArrayList<>();
    for (int i = 0; listed.size() < LISTED && i < LISTED; i++) {
      for (List<String> lines : wrong.values()) {
        if (i < lines.size() && listed.size() < LISTED) {
          listed.add(lines.get(i));
        }
      }
    }
    listed.forEach(l -> System.out.println("wrong: " + l));
    assertTrue(all.share(all.verdict) >= VERDICT_FLOOR, "verdicts right " + all.share(all.verdict));
    assertTrue(all.share(all.next) >= NEXT_LIMIT_FLOOR, "next limits right " + all.share(all.next));
    assertTrue(all.share(all.gain) >= GAIN_FLOOR, "gains within 10% " + all.share(all.gain));
    assertTrue(all.share(all.rightOrSaid) >= RIGHT_OR_SAID_FLOOR, "next limits right or said unknown " + all.share(all.rightOrSaid));
  }

  static Verdict judge(OracleTestbed t) {
    Verdict v = new RunAnalyzer().analyze(OracleRecording.data(t), OracleRecording.run(t));
    assertEquals(t.depths.length, v.phases().size(), t.describe());
    return v;
  }

  private static void assertAllRight(long seed) {
    OracleTestbed t = new OracleTestbed(seed);
    Verdict v = judge(t);
    for (int p = 0; p < t.depths.length; p++) {
      PhaseVerdict pv = v.phases().get(p);
      OracleJudgement j = new OracleJudgement(t, p, t.truths.get(p), pv);
      assertTrue(j.allRight(), j.describe());
    }
  }

  /** Counts of phases and of those right on each count. */
  private static final class Tally {
    int phases;
    int verdict;
    int next;
    int gain;

    int observable;
    int nextObservable;
    /** Next limit and gain right, or the next's ceiling not recorded and said so (OracleJudgement.nextSaidUnknown). */
    int rightOrSaid;

    void add(OracleJudgement j) {
      phases++;
      verdict += j.verdictRight() ? 1 : 0;
      next += j.nextRight() ? 1 : 0;
      gain += j.gainRight() ? 1 : 0;
      if (j.nextObservable()) {
        observable++;
        nextObservable += j.nextRight() ? 1 : 0;
      }
      rightOrSaid += (j.nextRight() && j.gainRight()) || j.nextSaidUnknown() ? 1 : 0;
    }

    double share(int right) {
      return phases == 0 ? 1 : (double) right / phases;
    }

    String row(String name) {
      return String.format(Locale.ROOT, "| %s | %d | %.1f%% | %.1f%% | %.1f%% | %.1f%% of %d | %.1f%% |", name, phases,
          100 * share(verdict), 100 * share(next), 100 * share(gain),
          observable == 0 ? 100.0 : 100.0 * nextObservable / observable, observable, 100 * share(rightOrSaid));
    }
  }
}
