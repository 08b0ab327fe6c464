package io.headroom.collector.workload;

import io.headroom.model.RecordingRecord;
import io.headroom.model.Run;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs vdbench and follows its flatfile.html as it grows, so its intervals are judged while it
 * runs, as fio's are. The flatfile is {@code <output dir>/flatfile.html}, the output directory
 * vdbench's {@code -o DIR} (default {@code output}, relative to the working directory). vdbench's
 * own console output goes to this terminal. A {@code -o DIR+} (a new numbered directory per run)
 * cannot be followed: the run is then judged on the sources' telemetry alone, with a warning.
 */
public final class VdbenchRunner {
  private static final Logger LOG = LoggerFactory.getLogger(VdbenchRunner.class);

  private final String host;
  private final String runId;
  private final String testbed;
  private Path workDir = Path.of("").toAbsolutePath();
  private Duration pollEvery = Duration.ofMillis(500);

  /** @param host the host name used in entity ids ({@code <host>/vdbench/<run>/<rd>}) */
  public VdbenchRunner(String host, String runId, String testbed) {
    this.host = host;
    this.runId = runId;
    this.testbed = testbed;
  }

  /** vdbench's working directory, where a relative output directory is (default: ours). */
  public VdbenchRunner workDir(Path dir) {
    this.workDir = dir.toAbsolutePath();
    return this;
  }

  /** How often the flatfile is read while vdbench runs (default 500 ms). */
  public VdbenchRunner pollEvery(Duration every) {
    this.pollEvery = every;
    return this;
  }

  /** Whether a command is vdbench (the vdbench script, by its name). */
  public static boolean isVdbench(String executable) {
    return Path.of(executable).getFileName().toString().equals("vdbench");
  }

  /** The flatfile a vdbench command writes, or null when its output directory is numbered per run. */
  static Path flatfile(List<String> command, Path workDir) {
    String dir = "output";
    for (int i = 1; i < command.size(); i++) {
      String arg = command.get(i);
      if (arg.equals("-o") && i + 1 < command.size()) {
        dir = command.get(i + 1);
      } else if (arg.startsWith("-o") && arg.length() > 2) {
        dir = arg.substring(2);
      }
    }
    return dir.endsWith("+") ? null : workDir.resolve(dir).resolve("flatfile.html");
  }

  /**
   * Runs vdbench to its end, sending records as its flatfile grows (on the calling thread).
   *
   * @return vdbench's exit code
   */
  public int run(List<String> command, Consumer<RecordingRecord> sink) throws IOException, InterruptedException {
    Map<String, Object> workload = new LinkedHashMap<>();
    workload.put("tool", "vdbench");
    workload.put("command", String.join(" ", command));
    double start = now();
    sink.accept(new Run(runId, testbed, start, null, workload));
    Path flatfile = flatfile(command, workDir);
    if (flatfile == null) {
      LOG.warn("vdbench -o DIR+ writes a new directory per run, which cannot be followed: "
          + "judging on the sources' telemetry alone");
    }
    // rows stamped before the launch are a previous run's, left in the output directory
    // (whole seconds: a tod-only row's date and zone are this machine's)
    VdbenchLiveRun live = new VdbenchLiveRun(flatfile, host, runId, Math.floor(start) - 1, LocalDate.now(),
        ZoneId.systemDefault(), sink);
    Process p = new ProcessBuilder(command).directory(workDir.toFile()).inheritIO().start();
    int exit;
    try {
      exit = follow(p, flatfile, live);
    } finally {
      p.destroy(); // interrupted: vdbench does not outlive the run
    }
    workload.put("exit_code", exit);
    workload.put("runs", live.runDefinitions());
    sink.accept(new Run(runId, testbed, start, now(), workload));
    return exit;
  }

  private int follow(Process p, Path flatfile, VdbenchLiveRun live) throws IOException, InterruptedException {
    VdbenchFlatfileTail tail = flatfile == null ? null : new VdbenchFlatfileTail(flatfile);
    while (!p.waitFor(pollEvery.toMillis(), TimeUnit.MILLISECONDS)) {
      if (tail != null) {
        feed(tail.poll(), live);
      }
    }
    if (tail != null) {
      feed(tail.finish(), live);
      tail.problems().forEach(problem -> LOG.warn("skipped a flatfile line: {}", problem));
      if (!tail.hasHeader()) {
        LOG.warn("vdbench wrote no flatfile at {}: judging on the sources' telemetry alone", flatfile);
      }
    }
    live.finish();
    return p.exitValue();
  }

  private static void feed(List<VdbenchFlatfile.Row> rows, VdbenchLiveRun live) {
    for (VdbenchFlatfile.Row row : rows) {
      try {
        live.accept(row);
      } catch (FioFormatException e) {
        LOG.warn("skipped a flatfile row: {}", e.getMessage());
      }
    }
  }

  private static double now() {
    return System.currentTimeMillis() / 1000.0;
  }
}
