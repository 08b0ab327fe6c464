package io.headroom.collector.workload;

import io.headroom.model.RecordingRecord;
import io.headroom.model.Run;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs fio and streams its per-second job statistics as recording records while it runs.
 *
 * <p>fio is started with {@code --output-format=json+ --status-interval=1} (replacing any output
 * options given), its stdout is framed into JSON objects as they arrive and each one is turned into
 * records at once: the run record (at launch, again with the full workload at fio's first report,
 * and with its end when fio exits), one {@code workload} entity per job or group with its
 * {@code targets} and {@code runs_on} relations, the job's phases, and per-interval samples (see
 * {@link FioIntervalTracker} for how cumulative counters become rates).
 *
 * <p>One runner runs one fio; it is not reusable.
 */
public final class FioRunner {
  private static final Logger LOG = LoggerFactory.getLogger(FioRunner.class);

  private final String host;
  private final String runId;
  private final String testbed;
  private final Path sysRoot;
  private final Path procRoot;
  private String executable = "fio";
  private Path workDir = Path.of("").toAbsolutePath();
  private volatile Process process;

  /**
   * @param host the host name used in entity ids ({@code <host>/fio/<run>/<job>})
   * @param sysRoot where this machine's /sys is (to find disks and NUMA nodes)
   */
  public FioRunner(String host, String runId, String testbed, Path sysRoot) {
    this(host, runId, testbed, sysRoot, Path.of("/proc"));
  }

  /** @param procRoot where /proc is: its self/mountinfo and self/status (CPU affinity fio inherits) */
  public FioRunner(String host, String runId, String testbed, Path sysRoot, Path procRoot) {
    this.host = host;
    this.runId = runId;
    this.testbed = testbed;
    this.sysRoot = sysRoot;
    this.procRoot = procRoot;
  }

  /** The fio to run when the arguments do not start with one (default "fio" from PATH). */
  public FioRunner executable(String fio) {
    this.executable = fio;
    return this;
  }

  /** fio's working directory: where relative filenames and job files are (default: ours). */
  public FioRunner workDir(Path dir) {
    this.workDir = dir.toAbsolutePath();
    return this;
  }

  /**
   * Runs fio to the end, sending records to {@code sink} as they arrive (on the calling thread).
   *
   * @param fioArgs fio's arguments, optionally preceded by the fio executable
   * @throws FioFailedException fio could not start or exited non-zero; the message holds the exit
   *     code and fio's stderr, and what was already sent stays sent
   */
  public FioResult run(List<String> fioArgs, Consumer<RecordingRecord> sink) throws FioFailedException {
    List<String> command = FioCommand.build(fioArgs, executable);
    Map<String, Object> launched = new LinkedHashMap<>();
    launched.put("tool", "fio");
    launched.put("command", String.join(" ", command));
    double start = now();
    Process p;
    try {
      p = new ProcessBuilder(command).directory(workDir.toFile()).start();
    } catch (IOException e) {
      FioResult r = new FioResult(-1, start, start, launched, List.of(), 0, List.of(), "");
      throw new FioFailedException("cannot start fio (" + command.get(0) + "): " + e.getMessage(), r, e);
    }
    process = p;
    LOG.info("fio started: {}", launched.get("command"));
    sink.accept(new Run(runId, testbed, start, null, launched));
    FioIntervalTracker tracker = new FioIntervalTracker(host, runId, topology(), sink);
    List<String> notes = new ArrayList<>();
    int reports;
    String stderr;
    int code;
    try {
      closeQuietly(p);
      StderrCollector err = new StderrCollector(p.getErrorStream());
      reports = readReports(p, tracker, start, launched, sink, notes);
      code = p.waitFor();
      stderr = err.text();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      kill(p);
      throw new IllegalStateException("interrupted while fio ran; fio was stopped", e);
    } catch (RuntimeException e) {
      kill(p); // a failing sink must not leave fio running unwatched
      throw e;
    }
    tracker.finish();
    double end = Double.isNaN(tracker.lastTs()) ? now() : tracker.lastTs();
    Map<String, Object> workload = runWorkload(tracker, launched);
    sink.accept(new Run(runId, testbed, start, end, workload));
    FioResult result = new FioResult(
        code, start, end, workload, tracker.workloadIds(), reports, notes, stderr);
    if (code != 0) {
      throw new FioFailedException("fio exited with code " + code
          + (stderr.isEmpty() ? " and no message" : ": " + stderr), result, null);
    }
    LOG.info("fio finished: {} reports, {} notes", reports, notes.size());
    return result;
  }

  /**
   * Asks a running fio to stop (SIGTERM): fio then stops its jobs, prints its final report and
   * exits with code 128, so {@link #run} sends what was measured up to then and throws
   * {@link FioFailedException} with that code and the result. For a shutdown hook or a Ctrl-C.
   */
  public void stop() {
    Process p = process;
    if (p != null) {
      // the signal alone: Process.destroy() also closes our ends of fio's stdout and stderr, and
      // fio then died of SIGPIPE (exit 141) writing its final report, unread, its jobs left running
      p.toHandle().destroy();
    }
  }

  /**
   * Stops fio and the job processes it forked now (SIGTERM to each). The jobs are signalled
   * themselves: with its stdout closed (a failing sink), fio dies of SIGPIPE writing its final
   * report before it stops them, and they ran on, orphaned, to the end of their runtime. They
   * are listed before any signal: once fio is gone they are no longer its descendants.
   */
  private static void kill(Process p) {
    Stream.concat(Stream.of(p.toHandle()), p.descendants()).toList().forEach(ProcessHandle::destroy);
  }

  /** Reads fio's stdout to its end; an unreadable object is noted and skipped, not fatal. */
  private int readReports(Process p, FioIntervalTracker tracker, double start,
      Map<String, Object> launched, Consumer<RecordingRecord> sink, List<String> notes) {
    int reports = 0;
    try (InputStreamReader in = new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8)) {
      FioJsonStream stream = new FioJsonStream(in);
      FioJsonStream.Chunk chunk;
      while ((chunk = stream.next()) != null) {
        try {
          FioStatus status = FioChunkParser.parse(chunk, "fio stdout");
          if (tracker.workload() == null) {
            // the run's full workload goes out before the first samples
            tracker.register(status);
            sink.accept(new Run(runId, testbed, start, null, runWorkload(tracker, launched)));
          }
          tracker.accept(status);
          reports++;
        } catch (FioFormatException e) {
          LOG.warn("skipped a fio report: {}", e.getMessage());
          notes.add(e.getMessage());
        }
      }
      stream.noise().forEach(line -> notes.add("fio stdout: " + line));
    } catch (IOException e) {
      notes.add("reading fio's output failed: " + e);
    }
    return reports;
  }

  private static Map<String, Object> runWorkload(FioIntervalTracker tracker, Map<String, Object> launched) {
    if (tracker.workload() == null) {
      return launched;
    }
    Map<String, Object> out = new LinkedHashMap<>(tracker.workload());
    out.put("command", launched.get("command"));
    return out;
  }

  private FioTopology topology() {
    return new LiveFioTopology(host, workDir,
        new DiskResolver(sysRoot, procRoot.resolve("self/mountinfo")),
        new CpuPlacement(host, sysRoot, inheritedCpus()));
  }

  /** fio inherits our CPU affinity: the CPUs a job without cpus_allowed may use. */
  private String inheritedCpus() {
    try {
      for (String line : Files.readAllLines(procRoot.resolve("self/status"))) {
        if (line.startsWith("Cpus_allowed_list:")) {
          return line.substring(line.indexOf(':') + 1).trim();
        }
      }
    } catch (IOException e) {
      LOG.warn("cannot read our CPU affinity: {}", e.toString());
    }
    return null;
  }

  private static void closeQuietly(Process p) {
    try {
      p.getOutputStream().close(); // fio reads no input
    } catch (IOException ignored) {
      // nothing was written, nothing to lose
    }
  }

  private static double now() {
    return System.currentTimeMillis() / 1000.0;
  }
}
