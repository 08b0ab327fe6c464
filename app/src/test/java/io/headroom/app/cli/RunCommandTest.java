package io.headroom.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.model.RecordingRecord;
import io.headroom.model.Run;
import io.headroom.model.Sample;
import io.headroom.model.Verdict;
import io.headroom.model.VerdictJson;
import io.headroom.model.recording.RecordingReader;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `headroom run` with real fio, the host source and the embedded broker (no Kafka named): the
 * verdict is printed, the recording holds the run, and a failing fio ends the run with its stderr.
 */
class RunCommandTest {
  @TempDir Path dir;
  private final Cli cli = new Cli();

  private int run(String... args) {
    return cli.run(args);
  }

  @Test
  void aFioRunIsRecordedAndJudged() throws Exception {
    Path rec = dir.resolve("run.jsonl");
    assertEquals(0, run("run", "--record", rec.toString(), "--run-id", "t1", "--json", "--",
        "fio", "--name=w", "--filename=" + dir.resolve("f"), "--size=4m", "--bs=4k", "--rw=write", "--ioengine=psync",
        "--time_based", "--runtime=2"));
    Verdict v = VerdictJson.fromJson(cli.out().trim());
    assertEquals("t1", v.run());
    List<RecordingRecord> records = RecordingReader.readAll(rec, false);
    Run last = records.stream().filter(r -> r instanceof Run).map(r -> (Run) r).reduce((a, b) -> b).orElseThrow();
    assertTrue(last.end() != null, "the run record ends the recording with its end time");
    assertEquals("write", last.workload().get("rw"));
    // fio's per-interval write samples (exact totals are FioRunnerTest's subject); 4 KiB blocks
    List<Sample> iops = workloadSamples(records, "write_iops");
    List<Sample> bytes = workloadSamples(records, "write_bytes_per_s");
    assertTrue(!iops.isEmpty() && iops.stream().allMatch(s -> s.value() > 0), iops.toString());
    // 4 KiB blocks: the run's bytes are 4096 x its writes, exactly. Compared over the whole run,
    // not per interval: fio's interim report reads its I/O and byte counters one after the other
    // while the job runs, so one interval's two deltas differ by the writes done in between (0.14%
    // on a quiet machine, more when the reporting thread is preempted); its last report comes
    // after the job ended, so the sums of the deltas agree.
    double phaseStart = records.stream().filter(r -> r instanceof io.headroom.model.Phase p && p.name().equals("w"))
        .mapToDouble(r -> ((io.headroom.model.Phase) r).start()).findFirst().orElseThrow();
    double writes = total(iops, phaseStart);
    assertTrue(writes >= 1, "writes: " + writes);
    assertEquals(4096 * writes, total(bytes, phaseStart), 1e-3);
    assertEquals("w", records.stream().filter(r -> r instanceof io.headroom.model.Entity e && e.kind().equals("workload"))
        .map(r -> ((io.headroom.model.Entity) r).name()).findFirst().orElseThrow());
  }

  /** The count a rate's samples add up to: each over its interval, in fio's whole milliseconds. */
  private static double total(List<Sample> rates, double phaseStart) {
    double sum = 0;
    double previous = phaseStart;
    for (Sample s : rates) {
      sum += s.value() * Math.round((s.ts() - previous) * 1000) / 1000.0;
      previous = s.ts();
    }
    return sum;
  }

  /** The fio job's samples (the host source's disks carry the same metric names). */
  private static List<Sample> workloadSamples(List<RecordingRecord> records, String metric) {
    return records.stream().filter(r -> r instanceof Sample s && s.metric().equals(metric) && s.entity().endsWith("/fio/t1/w"))
        .map(r -> (Sample) r).toList();
  }

  @Test
  void aFailingFioEndsTheRunWithItsStderrAndKeepsWhatWasCollected() throws Exception {
    Path rec = dir.resolve("fail.jsonl");
    java.nio.file.Files.writeString(dir.resolve("plain-file"), "not a directory");
    assertEquals(1, run("run", "--record", rec.toString(), "--run-id", "t2", "--baseline", "0", "--",
        "fio", "--name=w", "--filename=" + dir.resolve("plain-file/f"), "--size=4m", "--rw=write"));
    assertTrue(cli.err().contains("headroom run: fio exited with code 1"), cli.err());
    assertTrue(cli.err().contains("Not a directory"), cli.err());
    List<RecordingRecord> records = RecordingReader.readAll(rec, false);
    assertTrue(records.stream().anyMatch(r -> r instanceof Run run && run.run().equals("t2")), "the run is recorded");
    // fio failed at once: too few readings for a class, and the verdict says so
    assertTrue(cli.out().startsWith("run t2: not judged (too few readings)"), cli.out());
  }

  @Test
  void anyOtherCommandIsOnePhaseJudgedOnTheSourcesTelemetry() throws Exception {
    Path rec = dir.resolve("plain.jsonl");
    assertEquals(0, run("run", "--record", rec.toString(), "--run-id", "t3", "--baseline", "2", "--json", "--",
        "sh", "-c", "sleep 2"));
    List<RecordingRecord> records = RecordingReader.readAll(rec, false);
    Run last = records.stream().filter(r -> r instanceof Run).map(r -> (Run) r).reduce((a, b) -> b).orElseThrow();
    assertEquals("sh", last.workload().get("tool"));
    assertEquals("sh -c sleep 2", last.workload().get("command"));
    assertEquals(0, ((Number) last.workload().get("exit_code")).intValue());
    io.headroom.model.Phase phase = records.stream().filter(r -> r instanceof io.headroom.model.Phase p && p.end() != null)
        .map(r -> (io.headroom.model.Phase) r).findFirst().orElseThrow();
    assertEquals("command", phase.name());
    assertTrue(phase.end() - phase.start() >= 2.0, "the phase lasts the command's 2 s: " + (phase.end() - phase.start()));
    // --baseline 2: the run starts when the sources were first read, 2 s (the wait) before the command
    assertTrue(phase.start() - last.start() >= 2.0, "read 2 s before the command: " + (phase.start() - last.start()));
    assertTrue(cli.err().contains("headroom run: reading the testbed for 2 s before the benchmark starts (its load with"
        + " no workload; --baseline 0 to skip)"), cli.err());
    assertEquals(last.end(), phase.end());
    assertTrue(records.stream().anyMatch(r -> r instanceof Sample s && s.ts() > last.start() && s.ts() <= phase.start()),
        "the host source's samples before the command are in the run");
    assertTrue(records.stream().anyMatch(r -> r instanceof Sample s && s.ts() > phase.start()),
        "and those while it ran");
    assertEquals("t3", VerdictJson.fromJson(cli.out().trim()).run());

    Path none = dir.resolve("none.jsonl");
    assertEquals(1, run("run", "--record", none.toString(), "--run-id", "t4", "--baseline", "0", "--", "sh", "-c", "exit 3"));
    assertTrue(cli.err().contains("headroom run: sh exited with 3"), cli.err());
    // --baseline 0: the run starts with the command, and nothing is said of a reading before it
    assertTrue(!cli.err().contains("reading the testbed for 0 s"), cli.err());
    List<RecordingRecord> t4 = RecordingReader.readAll(none, false);
    Run run4 = t4.stream().filter(r -> r instanceof Run).map(r -> (Run) r).reduce((a, b) -> b).orElseThrow();
    assertEquals(run4.start(), t4.stream().filter(r -> r instanceof io.headroom.model.Phase).map(r -> (io.headroom.model.Phase) r)
        .findFirst().orElseThrow().start());
  }

  /** The stand-in vdbench of the collector's tests; its "go" file is made first, so it does not wait. */
  @Test
  void aVdbenchRunIsFollowedThroughItsFlatfile() throws Exception {
    Path script = Path.of("../collector-benchmarks/src/test/resources/workload/vdbench-live/vdbench").toAbsolutePath();
    java.nio.file.Files.createFile(dir.resolve("go"));
    Path rec = dir.resolve("vdbench.jsonl");
    assertEquals(0, run("run", "--record", rec.toString(), "--run-id", "t5", "--baseline", "0", "--json", "--",
        script.toString(), "-f", "parmfile", "-o", dir.resolve("out").toString()));
    List<RecordingRecord> records = RecordingReader.readAll(rec, false);
    List<String> closed = records.stream().filter(r -> r instanceof io.headroom.model.Phase p && p.end() != null)
        .map(r -> ((io.headroom.model.Phase) r).name()).toList();
    assertEquals(List.of("rd_a", "rd_b"), closed);
    // rd_a: rate 1000/s at read% 100, two rows
    List<Sample> reads = records.stream()
        .filter(r -> r instanceof Sample s && s.metric().equals("read_iops") && s.entity().endsWith("/vdbench/t5/rd_a"))
        .map(r -> (Sample) r).toList();
    assertEquals(List.of(1000.0, 1000.0), reads.stream().map(Sample::value).toList());
    Verdict v = VerdictJson.fromJson(cli.out().trim());
    assertEquals("t5", v.run());
    assertEquals(2, v.phases().size(), "a verdict per run definition");
  }

  @Test
  void aNegativeBaselineIsRefusedBeforeAnythingStarts() {
    assertEquals(2, run("run", "--baseline", "-1", "--", "sh", "-c", "true"));
    assertTrue(cli.err().contains("--baseline -1: seconds read before the benchmark, 0 or more"), cli.err());
  }
}
