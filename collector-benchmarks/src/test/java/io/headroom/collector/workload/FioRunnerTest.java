package io.headroom.collector.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.model.Phase;
import io.headroom.model.Relation;
import io.headroom.model.Run;
import io.headroom.model.Sample;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real fio runs (Debian's fio, psync on small files in a temp dir, rate-limited to last 1-2 s so
 * there are several per-second reports) through {@link FioRunner}.
 */
class FioRunnerTest {
  @TempDir Path tmp;

  private FioRunner runner(String run) {
    return new FioRunner("h1", run, "lab", Path.of("/sys")).workDir(tmp);
  }

  /** The disk holding tmp by findmnt and lsblk, or null when it is no block device (overlay, tmpfs). */
  private String diskOfTmp() {
    String source = Shell.out("findmnt", "-no", "SOURCE", "-T", tmp.toString());
    if (source == null || !source.startsWith("/dev/")) {
      return null;
    }
    String parent = Shell.out("lsblk", "-no", "PKNAME", source);
    return parent != null && !parent.isEmpty()
        ? parent : Path.of(Shell.out("realpath", source)).getFileName().toString();
  }

  @Test
  void oneWriteJobStreamsEverySecondAndCountsEveryIo() throws Exception {
    Records r = new Records();
    double before = System.currentTimeMillis() / 1000.0;
    FioResult result = runner("r1").run(List.of("fio", "--name=w", "--filename=w.dat", "--size=4m",
        "--bs=4k", "--rw=write", "--ioengine=psync", "--rate=2m"), r::add);
    double after = System.currentTimeMillis() / 1000.0;
    // launched at our clock, ended at fio's last report, 2 s of writing in between
    assertTrue(before <= result.start() && result.start() + 1.5 < result.end() && result.end() <= after,
        result.toString());
    String id = "h1/fio/r1/w";
    Phase w = r.phase("w").orElseThrow();
    // size=4m bs=4k rw=write: exactly 1024 writes and 4194304 bytes, whatever the intervals
    assertEquals(1024, r.integrate(id, "write_iops", w.start()), 1e-6);
    assertEquals(4194304, r.integrate(id, "write_bytes_per_s", w.start()), 1e-3);
    assertEquals(0, r.integrate(id, "read_iops", w.start()));
    List<Sample> iops = r.samples(id, "write_iops");
    assertTrue(iops.size() >= 2, "a 2 s job at 1 report/s has at least two intervals: " + iops);
    assertEquals(w.end(), iops.get(iops.size() - 1).ts(), 1e-9);
    // rate=2m: 512 writes/s while it ran (the first interval includes fio's start-up)
    assertEquals(512, iops.get(1).value(), 512 * 0.05);
    // streamed: the first sample reached us while fio was still writing
    assertTrue(r.sampleArrivals().get(0) < result.end() - 0.5, "first sample came at the end");
    for (Sample s : r.samples(id, "write_latency_s")) {
      assertTrue(s.value() > 0 && s.value() < 0.1, "write latency " + s);
    }
    assertEquals(iops.size(), r.samples(id, "latency_p99_s").size());
    // every interval sample comes from a report of its own
    assertTrue(result.reports() >= iops.size(), result.reports() + " reports for " + iops.size() + " intervals");

    List<Run> runs = r.runs();
    assertEquals(3, runs.size());
    assertNull(runs.get(0).end());
    assertEquals("fio", runs.get(0).workload().get("tool"));
    assertTrue(((String) runs.get(0).workload().get("command"))
        .endsWith("--rate=2m --output-format=json+ --status-interval=1"));
    assertEquals("write", runs.get(1).workload().get("rw"));
    assertEquals(4096L, runs.get(1).workload().get("bs"));
    assertEquals(result.end(), runs.get(2).end());
    // the full workload is out before the first sample
    List<io.headroom.model.RecordingRecord> all = r.all();
    assertTrue(all.indexOf(runs.get(1)) < all.indexOf(iops.get(0)), "run record before samples");
    assertEquals(0, result.exitCode());
    assertEquals(List.of(id), result.workloads());

    assertEquals("w.dat", r.entity(id).attrs().get("filename"));
    List<Relation> expected = new ArrayList<>();
    String disk = diskOfTmp();
    if (disk != null) {
      expected.add(new Relation(id, "targets", "h1/disk/" + disk));
    }
    expected.add(new Relation(id, "runs_on", "h1/cpu"));
    assertEquals(expected, r.relations(id));
  }

  @Test
  void severalJobsAreOneEntityAndOnePhaseEach() throws Exception {
    Records r = new Records();
    FioResult result = runner("r2").run(List.of("--ioengine=psync", "--bs=4k", "--rate=1m", "--directory=" + tmp,
        "--name=a", "--rw=write", "--size=1m", "--name=b", "--rw=read", "--size=512k"), r::add);
    // with more than one job fio prints the first job's description on stdout among its JSON
    // ("a: (g=0): rw=write, bs=(R) 4096B-4096B, ..."): kept as the run's one note
    assertEquals(1, result.notes().size(), result.notes().toString());
    assertTrue(result.notes().get(0).startsWith("fio stdout: a: (g=0): rw=write, bs=(R) 4096B-4096B"),
        result.notes().toString());
    Phase a = r.phase("a").orElseThrow();
    Phase b = r.phase("b").orElseThrow();
    assertEquals(256, r.integrate("h1/fio/r2/a", "write_iops", a.start()), 1e-6);
    assertEquals(128, r.integrate("h1/fio/r2/b", "read_iops", b.start()), 1e-6);
    assertEquals(List.of("write", "read"), r.runs().get(1).workload().get("rw"));
    assertEquals(2, r.entities().size());
  }

  @Test
  void groupReportingGivesOneEntityForTheClones() throws Exception {
    Records r = new Records();
    runner("r3").run(List.of("--name=g", "--directory=" + tmp, "--size=1m", "--bs=4k",
        "--rw=randrw", "--numjobs=2", "--ioengine=psync", "--rate=512k", "--group_reporting"), r::add);
    String id = "h1/fio/r3/g";
    double start = r.phase("g").orElseThrow().start();
    // two clones of 1m in 4k I/Os: 512 reads and writes together
    double ios = r.integrate(id, "read_iops", start) + r.integrate(id, "write_iops", start);
    assertEquals(512, ios, 1e-6);
    assertEquals(1, r.entities().size());
    assertEquals(true, r.entity(id).attrs().get("group_reporting"));
    assertEquals(2L, r.entity(id).attrs().get("numjobs"));
    assertEquals(50L, r.entity(id).attrs().get("rwmixread"));
  }

  @Test
  void clonesWithoutGroupReportingAreOneEntityEach() throws Exception {
    Records r = new Records();
    // 128k in 4k writes at 64 KiB/s: 32 writes in 2 s, 16 a second
    runner("r4").run(List.of("--name=c", "--directory=" + tmp, "--size=128k", "--bs=4k",
        "--rw=write", "--numjobs=2", "--ioengine=psync", "--rate=64k"), r::add);
    double start = r.phase("c").orElseThrow().start();
    for (String id : List.of("h1/fio/r4/c.0", "h1/fio/r4/c.1")) {
      // integrated from the phase start, the earliest clone's: the other clone started later,
      // by a few ms, by tens on a loaded machine (at 1 MiB/s, 256 writes/s, the one write of
      // tolerance was 4 ms, too little under load); at 16 writes/s one write is 62 ms
      assertEquals(32, r.integrate(id, "write_iops", start), 1.0, id);
    }
    assertEquals(List.of("c"), r.closedPhaseNames());
  }

  @Test
  void stonewalledJobFileGivesOnePhasePerSectionAndStep() throws Exception {
    Path job = tmp.resolve("steps.fio");
    Files.writeString(job, String.join("\n", "[global]", "directory=" + tmp, "size=1m", "bs=4k",
        "ioengine=psync", "rate=1m", "", "[w1]", "rw=write", "", "[w2]", "rw=write", "",
        "[r]", "stonewall", "rw=read", ""));
    Records r = new Records();
    runner("r5").run(List.of("fio", job.toString()), r::add);
    Phase w1 = r.phase("w1").orElseThrow();
    Phase w2 = r.phase("w2").orElseThrow();
    Phase step0 = r.phase("step 0").orElseThrow();
    Phase rd = r.phase("r").orElseThrow();
    assertEquals(4, r.closedPhaseNames().size());
    assertTrue(r.phase("step 1").isEmpty(), "a step of one section is that section's phase");
    assertEquals(Math.min(w1.start(), w2.start()), step0.start());
    assertEquals(Math.max(w1.end(), w2.end()), step0.end());
    // the read step starts after the write step ends (fio lays out r's file in between)
    assertTrue(rd.start() >= step0.end() - 0.01, step0 + " then " + rd);
    assertEquals(256, r.integrate("h1/fio/r5/w1", "write_iops", w1.start()), 1e-6);
    assertEquals(256, r.integrate("h1/fio/r5/w2", "write_iops", w2.start()), 1e-6);
    assertEquals(256, r.integrate("h1/fio/r5/r", "read_iops", rd.start()), 1e-6);
    for (Sample s : r.samples("h1/fio/r5/r", "read_iops")) {
      assertTrue(s.ts() > rd.start(), "no read samples before the read step: " + s);
    }
  }

  @Test
  void failingFioCarriesItsStderrAndKeepsWhatWasSent() throws IOException {
    Files.writeString(tmp.resolve("notadir"), "a file, not a directory");
    Records r = new Records();
    FioFailedException e = assertThrows(FioFailedException.class, () -> runner("r6").run(
        List.of("--name=bad", "--filename=notadir/f", "--size=1m", "--rw=write"), r::add));
    assertEquals(1, e.exitCode());
    assertTrue(e.getMessage().startsWith("fio exited with code 1: "), e.getMessage());
    assertTrue(e.getMessage().contains("func=fstat, error=Not a directory"), e.getMessage());
    assertTrue(e.stderr().startsWith("file:filesetup.c:"), e.stderr());
    List<Run> runs = r.runs();
    assertEquals(3, runs.size(), "launch, first report, end");
    assertEquals(e.result().end(), runs.get(2).end());
    assertEquals("notadir/f", r.entity("h1/fio/r6/bad").attrs().get("filename"));
    assertTrue(r.samples("h1/fio/r6/bad", "write_iops").isEmpty());
    assertTrue(r.all().get(r.all().size() - 1) instanceof Run, "the run's end comes last");
  }

  @Test
  void fioThatPrintsNoReportEndsWhenItExits() {
    // an option fio does not know: it exits 1 before any JSON, so the run ends at our clock
    double before = System.currentTimeMillis() / 1000.0;
    FioFailedException e = assertThrows(FioFailedException.class, () -> runner("r8").run(
        List.of("--name=x", "--nosuchoption=1"), new Records()::add));
    double after = System.currentTimeMillis() / 1000.0;
    FioResult res = e.result();
    assertEquals(1, res.exitCode());
    assertEquals(0, res.reports());
    assertTrue(before <= res.start() && res.start() <= res.end() && res.end() <= after, res.toString());
    assertTrue(res.stderr().contains("unrecognized option '--nosuchoption=1'"), res.stderr());
    // without a report the workload is what was launched: the tool and the command as run
    assertEquals(java.util.Map.of("tool", "fio", "command", "fio --name=x --nosuchoption=1 "
        + "--output-format=json+ --status-interval=1"), res.workload());
  }

  @Test
  void fioThatCannotStartIsAFailureToo() {
    Records r = new Records();
    FioFailedException e = assertThrows(FioFailedException.class, () ->
        runner("r7").executable(tmp.resolve("no-fio").toString()).run(List.of("--name=x"), r::add));
    assertEquals(-1, e.exitCode());
    assertTrue(e.getMessage().startsWith("cannot start fio (" + tmp.resolve("no-fio")), e.getMessage());
    assertTrue(r.all().isEmpty());
  }

  /** A job writing 4k at 256 KiB/s (64 writes/s) for 30 s unless stopped: fio runs until told. */
  private List<String> longJob() {
    return List.of("--name=long", "--directory=" + tmp, "--size=1m", "--bs=4k", "--rw=write",
        "--ioengine=psync", "--rate=256k", "--time_based", "--runtime=30");
  }

  /** The fio processes running in tmp: fio and the job processes it forked (same command line). */
  private List<ProcessHandle> fiosInTmp() {
    return ProcessHandle.allProcesses().filter(h -> h.info().arguments()
        .map(a -> Arrays.asList(a).contains("--directory=" + tmp)).orElse(false)).toList();
  }

  /** Waits up to {@code seconds} for the processes to end; those still alive are killed and returned. */
  private static List<ProcessHandle> aliveAfter(List<ProcessHandle> ps, double seconds) throws InterruptedException {
    long deadline = System.nanoTime() + (long) (seconds * 1e9);
    while (ps.stream().anyMatch(ProcessHandle::isAlive) && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    List<ProcessHandle> alive = ps.stream().filter(ProcessHandle::isAlive).toList();
    alive.forEach(ProcessHandle::destroyForcibly);
    return alive;
  }

  @Test
  void aFailingSinkStopsFioAndTheJobProcessItForked() throws Exception {
    // fio forks a process per job. Left alone after the sink failed, fio itself would die at its
    // next report (its stdout is closed), but its job process would write on, orphaned, until
    // runtime=30 is over; stopped (SIGTERM), fio ends its job at once
    RuntimeException full = new IllegalStateException("sink full");
    List<ProcessHandle> seen = new ArrayList<>();
    FioRunner runner = runner("r9");
    RuntimeException thrown = assertThrows(RuntimeException.class, () -> runner.run(longJob(), rec -> {
      if (rec instanceof Sample) {
        seen.addAll(fiosInTmp());
        throw full;
      }
    }));
    assertTrue(thrown == full, "the sink's own exception: " + thrown);
    assertEquals(2, seen.size(), "fio and its one job process while it ran: " + seen);
    assertEquals(List.of(), aliveAfter(seen, 5), "fio processes left running 5 s after the sink failed");
  }

  @Test
  void stopEndsARunningFioWithWhatItMeasured() throws Exception {
    // stop() (the shutdown hook's) is SIGTERM: fio says so (on stdout, among its JSON, so a note
    // of the run), ends its 30 s job at once,
    // prints its final report and exits with code 128, which run() reports as a failure carrying
    // the result
    FioRunner runner = runner("r10");
    Records r = new Records();
    CountDownLatch sampled = new CountDownLatch(1);
    Thread stopper = new Thread(() -> {
      try {
        sampled.await();
        runner.stop();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
    stopper.start();
    long t0 = System.nanoTime();
    FioFailedException e = assertThrows(FioFailedException.class, () -> runner.run(longJob(), rec -> {
      r.add(rec);
      if (rec instanceof Sample) {
        sampled.countDown();
      }
    }));
    double took = (System.nanoTime() - t0) / 1e9;
    stopper.join();
    assertTrue(took < 15, "a 30 s job stopped after its first report ended after " + took + " s");
    assertEquals(128, e.exitCode(), e.getMessage());
    assertTrue(e.result().notes().contains("fio stdout: fio: terminating on signal 15"), e.result().notes().toString());
    // what was measured stays: the report that triggered the stop, the final one after it, and
    // the run's end at fio's last report
    assertTrue(e.result().reports() >= 2, e.result().toString());
    assertEquals(e.result().end(), r.runs().get(r.runs().size() - 1).end());
    assertTrue(!r.samples("h1/fio/r10/long", "write_iops").isEmpty());
    assertEquals(List.of(), aliveAfter(fiosInTmp(), 5));
  }

  @Test
  void stopBeforeFioStartedDoesNothing() throws Exception {
    // a shutdown hook may run before fio was started: there is no process to stop yet, and a
    // run after it is not stopped (64k in 4k writes, unthrottled: 16 writes, exit 0)
    FioRunner runner = runner("r11");
    runner.stop();
    Records r = new Records();
    FioResult result = runner.run(List.of("--name=s", "--filename=s.dat", "--size=64k", "--bs=4k",
        "--rw=write", "--ioengine=psync"), r::add);
    assertEquals(0, result.exitCode());
    assertEquals(16, r.integrate("h1/fio/r11/s", "write_iops", r.phase("s").orElseThrow().start()), 1e-6);
  }

  @Test
  void interruptedWhileWaitingForFioTheThreadStaysInterrupted() throws Exception {
    // The sink interrupts its (the run's) thread at the first sample; reading fio's stdout is not
    // interruptible, so the run reads on to fio's end and then waits: for fio's exit, then for
    // its stderr to end. The prerun command leaves a process behind that holds fio's stderr
    // open 10 s (it ends on its own; fio runs the command as "CMD > long.prerun.txt 2>&1"; fd 9 keeps fio's own stderr), so
    // the wait is interrupted whether or not fio has been reaped: the run gives up, and the
    // caller's thread still carries the interrupt
    List<String> job = List.of("--name=long", "--directory=" + tmp, "--size=64k", "--bs=4k",
        "--rw=write", "--ioengine=psync", "--exec_prerun=(sleep 10 2>&9 &) 9>&2");
    Records r = new Records();
    IllegalStateException e;
    boolean interrupted;
    try {
      e = assertThrows(IllegalStateException.class, () -> runner("r12").run(job, rec -> {
        r.add(rec);
        if (rec instanceof Sample) {
          Thread.currentThread().interrupt();
        }
      }));
    } finally {
      interrupted = Thread.interrupted(); // cleared here, for the tests after this one
    }
    assertTrue(interrupted, "the interrupt was swallowed");
    assertEquals("interrupted while fio ran; fio was stopped", e.getMessage());
    assertTrue(e.getCause() instanceof InterruptedException, String.valueOf(e.getCause()));
    // 64k in 4k writes: all 16 were sampled before the wait; the run's end was never sent
    assertEquals(16, r.integrate("h1/fio/r12/long", "write_iops", r.phase("long").orElseThrow().start()), 1e-6);
    assertTrue(r.runs().stream().allMatch(run -> run.end() == null), r.runs().toString());
  }

  @Test
  void fioGetsNoInputSoAJobFileFromStdinIsEmpty() {
    // "-" is fio's job file read from stdin. Ours is closed at launch (fio reads no input): fio
    // finds no job and exits 1 at once, rather than wait for a job file that never comes
    FioFailedException e = assertTimeoutPreemptively(Duration.ofSeconds(20), () ->
        assertThrows(FioFailedException.class, () -> runner("r13").run(List.of("-"), new Records()::add)));
    assertEquals(1, e.exitCode());
    assertEquals("No job(s) defined", e.stderr());
  }
}
