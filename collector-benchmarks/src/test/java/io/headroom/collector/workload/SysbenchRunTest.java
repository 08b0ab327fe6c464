package io.headroom.collector.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.headroom.model.Phase;
import io.headroom.model.RecordingRecord;
import io.headroom.model.Run;
import io.headroom.model.Sample;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The real sysbench (Debian package sysbench) run as {@code headroom run -- sysbench} runs it:
 * its interval lines, echoed, are the workload's samples. Skipped when sysbench is not installed.
 */
class SysbenchRunTest {
  @Test
  void aCpuRunGivesOneEventsAndOneLatencySampleALine() throws Exception {
    assumeTrue(Files.isExecutable(Path.of("/usr/bin/sysbench")), "sysbench is not installed (apt-get install sysbench)");
    List<RecordingRecord> records = new ArrayList<>();
    ByteArrayOutputStream echoed = new ByteArrayOutputStream();
    // no --report-interval: the runner asks for 1 s
    double before = System.currentTimeMillis() / 1000.0;
    int exit = new SysbenchRunner("h1", "r", "lab").run(List.of("sysbench", "cpu", "--threads=1", "--time=3", "run"),
        records::add, new PrintStream(echoed, true, StandardCharsets.UTF_8));
    double after = System.currentTimeMillis() / 1000.0;
    assertEquals(0, exit);
    // the run and its phase are sent open first, so a live analyzer sees them while it runs
    assertEquals(null, ((Run) records.get(0)).end());
    assertEquals(new Phase("r", "cpu", ((Run) records.get(0)).start(), null), records.get(1));
    String out = echoed.toString(StandardCharsets.UTF_8);
    assertTrue(out.contains("Report intermediate results every 1 second(s)"), out);
    // what sysbench printed, read here on its own: "[ 1s ] thds: 1 eps: 365.49 lat (ms,95%): 48.34"
    Matcher line = Pattern.compile("(?m)^\\[ *\\d+s \\] thds: 1 eps: ([0-9.]+) lat \\(ms,95%\\): ([0-9.]+)$").matcher(out);
    List<Double> eps = new ArrayList<>();
    List<Double> lat = new ArrayList<>();
    while (line.find()) {
      eps.add(Double.parseDouble(line.group(1)));
      lat.add(Double.parseDouble(line.group(2)) / 1000);
    }
    assertTrue(eps.size() >= 2, "a 3 s run prints at least 2 interval lines: " + out);
    List<Sample> samples = records.stream().filter(r -> r instanceof Sample).map(r -> (Sample) r).toList();
    assertEquals(eps, samples.stream().filter(s -> s.metric().equals("events_per_s")).map(Sample::value).toList());
    assertEquals(lat, samples.stream().filter(s -> s.metric().equals("latency_p95_s")).map(Sample::value).toList());
    Run run = (Run) records.get(records.size() - 1);
    Phase phase = (Phase) records.get(records.size() - 2);
    assertEquals("cpu", phase.name());
    assertEquals("sysbench cpu --threads=1 --time=3 run".replace("sysbench ", "sysbench --report-interval=1 "),
        run.workload().get("command"));
    assertTrue(samples.stream().allMatch(s -> s.ts() >= run.start() && s.ts() <= run.end()), "samples inside the run");
    // wall-clock times: the 3 s run inside the call's own span
    assertTrue(run.start() >= before && run.end() <= after && run.end() - run.start() >= 3, run.toString());
    // the banner's version, as sysbench --version prints it ("sysbench 1.0.20")
    assertEquals(Shell.out("sysbench", "--version").replace("sysbench ", ""), run.workload().get("version"));
  }

  @Test
  void aFailedRunReturnsSysbenchsExitCode() throws Exception {
    assumeTrue(Files.isExecutable(Path.of("/usr/bin/sysbench")), "sysbench is not installed (apt-get install sysbench)");
    List<RecordingRecord> records = new ArrayList<>();
    // sysbench exits 1 for a test it does not know ("FATAL: Cannot find benchmark")
    int exit = new SysbenchRunner("h1", "r", "lab").run(List.of("sysbench", "nosuchtest", "run"),
        records::add, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    assertEquals(1, exit);
    assertEquals(1, ((Run) records.get(records.size() - 1)).workload().get("exit_code"));
  }

  @Test
  void theRunnerAsksForOneSecondIntervalsUnlessTheCommandSetsThem() {
    assertEquals(List.of("sysbench", "--report-interval=1", "cpu", "run"),
        SysbenchRunner.withInterval(List.of("sysbench", "cpu", "run")));
    assertEquals(List.of("sysbench", "--report-interval=5", "cpu", "run"),
        SysbenchRunner.withInterval(List.of("sysbench", "--report-interval=5", "cpu", "run")));
  }

  @Test
  void theTestIsTheFirstArgumentThatIsNoOption() {
    assertEquals("cpu", SysbenchRunner.test(List.of("sysbench", "--threads=4", "cpu", "run")));
    assertEquals("oltp_read_write", SysbenchRunner.test(List.of("sysbench", "/usr/share/sysbench/oltp_read_write.lua", "run")));
    assertEquals("sysbench", SysbenchRunner.test(List.of("sysbench", "--help")));
  }

  @Test
  void sysbenchIsKnownByItsFileName() {
    assertTrue(SysbenchRunner.isSysbench("/usr/bin/sysbench"));
    assertEquals(false, SysbenchRunner.isSysbench("/usr/bin/sysbench.sh"));
  }

  @Test
  void aFailingSinkStopsSysbench() throws Exception {
    assumeTrue(Files.isExecutable(Path.of("/usr/bin/sysbench")), "sysbench is not installed (apt-get install sysbench)");
    // a 60 s run reporting every 4 s; the sink fails at the first report's sample (4 s in).
    // Stopped (SIGTERM), sysbench ends at once; left alone it would run on to its next write to
    // the closed pipe, 4 s later
    RuntimeException full = new IllegalStateException("sink full");
    List<ProcessHandle> seen = new ArrayList<>();
    RuntimeException thrown = assertThrows(RuntimeException.class, () -> new SysbenchRunner("h1", "r", "lab").run(
        List.of("sysbench", "cpu", "--threads=1", "--time=60", "--report-interval=4", "run"), rec -> {
          if (rec instanceof Sample) {
            ProcessHandle.current().children()
                .filter(h -> h.info().command().orElse("").endsWith("/sysbench")).forEach(seen::add);
            throw full;
          }
        }, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)));
    long failed = System.nanoTime();
    assertTrue(thrown == full, "the sink's own exception: " + thrown);
    assertEquals(1, seen.size(), "the sysbench this run started: " + seen);
    ProcessHandle sysbench = seen.get(0);
    while (sysbench.isAlive() && System.nanoTime() - failed < 2_000_000_000L) {
      Thread.sleep(20);
    }
    boolean alive = sysbench.isAlive();
    sysbench.destroyForcibly();
    assertEquals(false, alive, "sysbench still ran 2 s after the sink failed");
  }
}
