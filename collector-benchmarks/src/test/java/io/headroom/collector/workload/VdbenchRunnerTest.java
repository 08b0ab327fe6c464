package io.headroom.collector.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.model.Phase;
import io.headroom.model.RecordingRecord;
import io.headroom.model.Run;
import io.headroom.model.Sample;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * VdbenchRunner with a stand-in vdbench script that writes its flatfile row by row and, after
 * the first row, waits until a sample of it reached the sink: the run finishes (exit 0, not the
 * script's 7) only if the file is read while vdbench runs.
 */
class VdbenchRunnerTest {
  private static final Path SCRIPT = Path.of("src/test/resources/workload/vdbench-live/vdbench").toAbsolutePath();

  @TempDir Path dir;

  @Test
  void theFlatfileIsJudgedWhileVdbenchRuns() throws Exception {
    Records records = new Records();
    Path go = dir.resolve("go");
    VdbenchRunner runner = new VdbenchRunner("h1", "v9", "tb").workDir(dir).pollEvery(Duration.ofMillis(100));
    double before = System.currentTimeMillis() / 1000.0;
    int exit = runner.run(List.of(SCRIPT.toString(), "-f", "parmfile", "-o", "out"), (RecordingRecord r) -> {
      records.add(r);
      if (r instanceof Sample && !Files.exists(go)) {
        try {
          Files.createFile(go);
        } catch (java.io.IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }
    });
    assertEquals(0, exit, "7: the stand-in saw no sample read before it went on");
    double after = System.currentTimeMillis() / 1000.0;

    // rate 1000/s at read% 100: 1000 reads; 3.90625 MiB/s = 1000 x 4096 bytes
    String a = "h1/vdbench/v9/rd_a";
    assertEquals(List.of(1000.0, 1000.0), records.samples(a, "read_iops").stream().map(Sample::value).toList());
    assertEquals(List.of(4096000.0, 4096000.0), records.samples(a, "read_bytes_per_s").stream().map(Sample::value).toList());
    assertEquals(List.of(0.0005, 0.0005), records.samples(a, "read_latency_s").stream().map(Sample::value).toList());
    // read% 0: the same rate as writes
    assertEquals(List.of(1000.0, 1000.0), records.samples("h1/vdbench/v9/rd_b", "write_iops").stream()
        .map(Sample::value).toList());
    assertEquals(List.of("rd_a", "rd_b"), records.closedPhaseNames());
    Phase b = records.phase("rd_b").orElseThrow();
    assertEquals(records.samples("h1/vdbench/v9/rd_b", "write_iops").get(1).ts(), b.end());

    List<Run> runs = records.runs();
    assertNull(runs.get(0).end(), "the run opens at launch");
    Run last = runs.get(runs.size() - 1);
    assertEquals("vdbench", last.workload().get("tool"));
    assertEquals(0, last.workload().get("exit_code"));
    assertEquals(List.of("rd_a", "rd_b"), last.workload().get("runs"));
    // the run spans the call on our clock: opened at launch, closed when vdbench exited
    assertTrue(before <= runs.get(0).start() && runs.get(0).start() == last.start()
        && last.start() <= last.end() && last.end() <= after, runs.toString());
    assertEquals(4096L, records.entity(a).attrs().get("xfersize"));
  }

  @Test
  void interruptedRunStopsVdbench() throws Exception {
    // the sink interrupts the run's thread at the first sample; the stand-in then waits up to
    // 30 s for "go", which this test never creates: stopped, it ends at once
    String out = dir.resolve("out").toString();
    List<ProcessHandle> seen = new ArrayList<>();
    VdbenchRunner runner = new VdbenchRunner("h1", "v8", "tb").workDir(dir).pollEvery(Duration.ofMillis(100));
    try {
      assertThrows(InterruptedException.class, () -> runner.run(List.of(SCRIPT.toString(), "-o", out), r -> {
        if (r instanceof Sample && seen.isEmpty()) {
          ProcessHandle.current().children().filter(h -> h.info().arguments()
              .map(a -> Arrays.asList(a).contains(out)).orElse(false)).forEach(seen::add);
          Thread.currentThread().interrupt();
        }
      }));
    } finally {
      Thread.interrupted(); // for the tests after this one, whatever happened
    }
    assertEquals(1, seen.size(), "the stand-in this run started: " + seen);
    ProcessHandle vdbench = seen.get(0);
    long t0 = System.nanoTime();
    while (vdbench.isAlive() && System.nanoTime() - t0 < 2_000_000_000L) {
      Thread.sleep(20);
    }
    boolean alive = vdbench.isAlive();
    vdbench.destroyForcibly();
    assertTrue(!alive, "the stand-in still ran 2 s after the run was interrupted");
  }

  @Test
  void vdbenchsExitCodeIsTheRunsAndIsKept() throws Exception {
    // "go" is there from the start (no wait) and "fail" makes the stand-in exit 3 after its rows
    Files.createFile(dir.resolve("go"));
    Files.createFile(dir.resolve("fail"));
    Records records = new Records();
    int exit = new VdbenchRunner("h1", "v7", "tb").workDir(dir).pollEvery(Duration.ofMillis(100))
        .run(List.of(SCRIPT.toString(), "-o", "out"), records::add);
    assertEquals(3, exit);
    List<Run> runs = records.runs();
    assertEquals(3, runs.get(runs.size() - 1).workload().get("exit_code"));
    // its rows were still read: two intervals of each run definition
    assertEquals(List.of("rd_a", "rd_b"), runs.get(runs.size() - 1).workload().get("runs"));
    assertEquals(2, records.samples("h1/vdbench/v7/rd_b", "write_iops").size());
  }
}
