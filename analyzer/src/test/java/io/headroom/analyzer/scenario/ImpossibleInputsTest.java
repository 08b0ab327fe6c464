package io.headroom.analyzer.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.analyzer.analysis.RunAnalyzer;
import io.headroom.analyzer.data.RunData;
import io.headroom.model.Bottleneck;
import io.headroom.model.HeadroomEntry;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Verdict;
import io.headroom.model.recording.RecordingReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 29's cases on study S5's recording (docs/scenarios/s5-powerstore-upgrade.jsonl; the array
 * CPU is its answer): a port declared far below what it carries, a ceiling typed as 1 B/s, and
 * phases with no readings. Each is the committed recording with lines changed or added, analysed
 * as `headroom analyze` would.
 */
class ImpossibleInputsTest {
  private static final String S5 = "s5-powerstore-upgrade.jsonl";
  private static final String VMNIC2 = "{\"type\":\"entity\",\"id\":\"s5/esx1/vmnic2\",\"kind\":\"net_port\","
      + "\"name\":\"s5/esx1/vmnic2\",\"attrs\":{\"fabric\":\"ethernet\",\"speed_bps\":1.0E11},\"capacity\":{\"bytes_per_s\":1.25E10}}";
  /** The run's phase times (the recording's run line): 1796300000 to 1796300180, three phases of 60 s. */
  private static final double RUN_START = 1.7963E9;

  @TempDir Path dir;

  private Verdict analyze(UnaryOperator<List<String>> change) throws IOException {
    List<String> lines = change.apply(new ArrayList<>(Files.readAllLines(StudyRecordings.DIR.resolve(S5))));
    Path file = dir.resolve("s5-changed.jsonl");
    Files.write(file, lines);
    RunData data = new RunData();
    new RecordingReader(false).read(file, data::accept);
    return new RunAnalyzer().analyze(data, RunAnalyzer.defaultRun(data));
  }

  /** The recording with s5/esx1/vmnic2 declared at the given speed and ceiling. */
  private Verdict withVmnic2(double speedBps, double ceiling) throws IOException {
    return analyze(lines -> {
      int at = lines.indexOf(VMNIC2);
      assertTrue(at >= 0, "the recording declares s5/esx1/vmnic2 as 100 GbE");
      lines.set(at, VMNIC2.replace("1.0E11", String.valueOf(speedBps)).replace("1.25E10", String.valueOf(ceiling)));
      return lines;
    });
  }

  private static String line(PhaseVerdict p, String prefix) {
    List<String> found = p.evidence().stream().filter(l -> l.startsWith(prefix)).toList();
    assertEquals(1, found.size(), prefix + " in " + p.evidence());
    return found.get(0);
  }

  private static HeadroomEntry row(List<HeadroomEntry> rows, String entity) {
    return rows.stream().filter(r -> r.entity().equals(entity)).findFirst().orElseThrow();
  }

  @Test
  void aOneGigabitPortCarryingTwiceItsLineRateIsRefusedAndTheArrayCpuIsTheVerdict() throws IOException {
    Verdict v = withVmnic2(1e9, 1.25e8);
    assertEquals(Bottleneck.ARRAY_CPU, v.bottleneck(), v.evidence().toString());
    assertEquals("s5/ps1200t/node-a", v.entity());
    // 4k-rand-read100: reads of 75,000 IOPS x 4096 B x 1.03 per host = 316.4 MB/s (S5PowerStore), the
    // p95 of readings with their noise 325.2 MB/s: 260% of 125 MB/s, beyond 120%
    PhaseVerdict read100 = v.phases().get(0);
    assertEquals(Bottleneck.NONE, read100.bottleneck());
    assertEquals("implausible reading: ceiling or counter wrong, not a candidate: s5/esx1/vmnic2 rx p95 325.2 MB/s"
        + " = 260% of 125 MB/s (plausible up to 120% of its ceiling)",
        line(read100, "implausible reading: ceiling or counter wrong, not a candidate: s5/esx1/vmnic2 "));
    // the write-heavy phases stay the array's: node-a above 0.90 with the hosts near 0.55
    for (PhaseVerdict p : v.phases().subList(1, 3)) {
      assertEquals(Bottleneck.ARRAY_CPU, p.bottleneck(), p.name());
      assertTrue(row(p.headroom(), "s5/esx1/vmnic2").implausible(), p.name());
      // the refused port's row comes after every plausible one: it says nothing about headroom
      assertTrue(p.headroom().get(p.headroom().size() - 1).implausible(), p.name());
    }
    assertTrue(row(v.headroom(), "s5/esx1/vmnic2").implausible());
    // 4k-rand-read50: 118,000 IOPS over two hosts, half of them reads: 29,500 IOPS x 4096 B x 1.03 =
    // 124.5 MB/s each way, p95 128.7 MB/s (103%) in the busier direction: plausible alone, but a ceiling the other
    // phases proved wrong is wrong here too, so the array CPU at 0.95 is this phase's limit
    assertTrue(line(v.phases().get(1), "implausible reading: ceiling or counter wrong, not a candidate: s5/esx1/vmnic2 ")
        .endsWith("= 103% of 125 MB/s (plausible up to 120% of its ceiling; beyond it in another phase of the run)"));
    // NONE's tightest is a plausible resource, the first row on the path
    assertTrue(read100.evidence().get(0).startsWith("nothing on the data path at its ceiling: tightest s5/ps1200t/node-a"),
        read100.evidence().get(0));
  }

  @Test
  void aCeilingTypedAsOneBytePerSecondIsRefusedAndPrintedAsOneBytePerSecond() throws IOException {
    Verdict v = withVmnic2(1e11, 1.0);
    assertEquals(Bottleneck.ARRAY_CPU, v.bottleneck());
    String refused = line(v.phases().get(1), "implausible reading: ceiling or counter wrong, not a candidate: s5/esx1/vmnic2 ");
    assertTrue(refused.endsWith("of 1 B/s (plausible up to 120% of its ceiling)"), refused);
  }

  @Test
  void aPortAtItsLineRateStaysAValidCandidate() throws IOException {
    // control: vmnic2 declared at 2.5 Gbit/s (312.5 MB/s) carries about 325 MB/s in the read-only
    // phase: 104% of line rate, within 120%: a plausible candidate, so NETWORK there
    Verdict v = withVmnic2(2.5e9, 3.125e8);
    PhaseVerdict read100 = v.phases().get(0);
    assertEquals(Bottleneck.NETWORK, read100.bottleneck());
    assertEquals("s5/esx1/vmnic2", read100.entity());
    assertTrue(!row(read100.headroom(), "s5/esx1/vmnic2").implausible());
  }

  @Test
  void phasesOutsideTheRunOrOfNoLengthAreNotJudgedAndTheRunIgnoresThem() throws IOException {
    Verdict v = analyze(lines -> {
      lines.add("{\"type\":\"phase\",\"run\":\"s5\",\"name\":\"after-the-run\",\"start\":" + (RUN_START + 1000)
          + ",\"end\":" + (RUN_START + 1060) + "}");
      lines.add("{\"type\":\"phase\",\"run\":\"s5\",\"name\":\"no-length\",\"start\":" + (RUN_START + 30)
          + ",\"end\":" + (RUN_START + 30) + "}");
      return lines;
    });
    assertEquals(Bottleneck.ARRAY_CPU, v.bottleneck());
    assertTrue(v.evidence().get(0).startsWith("ARRAY_CPU limited 2 of 3 judged phases"), v.evidence().get(0));
    assertTrue(v.evidence().get(0).endsWith("; 2 phases not judged (too few readings)"), v.evidence().get(0));
    for (String name : List.of("after-the-run", "no-length")) {
      PhaseVerdict p = v.phases().stream().filter(x -> x.name().equals(name)).findFirst().orElseThrow();
      assertNull(p.bottleneck(), name);
      assertEquals("too_few_readings", p.reason(), name);
      assertEquals(List.of(), p.headroom(), name);
      assertTrue(p.evidence().get(0).startsWith("not judged, too few readings: 0 of the workload and at most 0 of any"
          + " entity"), p.evidence().get(0));
    }
  }

  @Test
  void tenThousandPhasesOfEighteenMillisecondsAreNotJudgedAndNeitherIsTheRun() throws IOException {
    // the recording's three phases replaced by 10,000 of 18 ms from the run's start: each holds at
    // most one reading of anything (readings are a second apart), none reaches 5
    Verdict v = analyze(lines -> {
      lines.removeIf(l -> l.startsWith("{\"type\":\"phase\""));
      for (int i = 0; i < 10_000; i++) {
        double start = RUN_START + i * 0.018;
        lines.add("{\"type\":\"phase\",\"run\":\"s5\",\"name\":\"q" + i + "\",\"start\":" + start
            + ",\"end\":" + (start + 0.018) + "}");
      }
      return lines;
    });
    assertEquals(10_000, v.phases().size());
    assertTrue(v.phases().stream().allMatch(p -> p.bottleneck() == null && "too_few_readings".equals(p.reason())));
    assertNull(v.bottleneck());
    assertNull(v.entity());
    assertEquals(0.0, v.confidence());
    assertTrue(v.evidence().get(0).startsWith("not judged: none of the run's 10,000 phases had enough readings"),
        v.evidence().get(0));
  }
}
