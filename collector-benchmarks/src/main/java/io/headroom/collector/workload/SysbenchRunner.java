package io.headroom.collector.workload;

import io.headroom.model.Phase;
import io.headroom.model.RecordingRecord;
import io.headroom.model.Run;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Runs sysbench and reads its --report-interval lines as they come: each becomes the workload's
 * samples (transactions, queries or events per second, bytes/s for fileio, the latency
 * percentile), stamped when the line arrives, which is the end of its interval. The output is
 * echoed as sysbench printed it. Without --report-interval in the command, 1 s is asked for.
 * The run is the command's lifetime, one phase named after the test (cpu, fileio,
 * oltp_read_write, ...).
 */
public final class SysbenchRunner {
  private final String host;
  private final String runId;
  private final String testbed;

  public SysbenchRunner(String host, String runId, String testbed) {
    this.host = host;
    this.runId = runId;
    this.testbed = testbed;
  }

  public static boolean isSysbench(String executable) {
    return Path.of(executable).getFileName().toString().equals("sysbench");
  }

  /** The command with --report-interval=1 after the executable unless it sets one. */
  static List<String> withInterval(List<String> command) {
    if (command.stream().anyMatch(a -> a.startsWith("--report-interval"))) {
      return command;
    }
    List<String> out = new ArrayList<>(command);
    out.add(1, "--report-interval=1");
    return out;
  }

  /** The test's name: the first argument that is not an option ("cpu", "oltp_read_write"); "sysbench" without one. */
  static String test(List<String> command) {
    return command.stream().skip(1).filter(a -> !a.startsWith("-")).findFirst()
        .map(a -> Path.of(a).getFileName().toString().replaceAll("\\.lua$", "")).orElse("sysbench");
  }

  /** Runs the command to its end, echoing its output; returns its exit code. */
  public int run(List<String> command, Consumer<RecordingRecord> sink, PrintStream echo)
      throws IOException, InterruptedException {
    List<String> cmd = withInterval(command);
    String test = test(command);
    Map<String, Object> workload = new LinkedHashMap<>();
    workload.put("tool", "sysbench");
    workload.put("test", test);
    workload.put("command", String.join(" ", cmd));
    double start = now();
    sink.accept(new Run(runId, testbed, start, null, workload));
    sink.accept(new Phase(runId, test, start, null));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    SysbenchLog log = new SysbenchLog();
    SysbenchRecords records = new SysbenchRecords(host, runId, sink);
    int exit;
    try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = in.readLine()) != null) {
        echo.println(line);
        SysbenchLog.Interval i = log.accept(line);
        if (i != null) {
          // stamped on arrival: the offset is from sysbench's own start, a little after ours
          records.accept(now() - i.offset(), i, Map.of("tool", "sysbench", "test", test));
        }
      }
      exit = p.waitFor();
    } finally {
      p.destroy(); // interrupted: the command does not outlive the run
    }
    double end = now();
    workload.put("exit_code", exit);
    if (log.version() != null) {
      workload.put("version", log.version());
    }
    sink.accept(new Phase(runId, test, start, end));
    sink.accept(new Run(runId, testbed, start, end, workload));
    return exit;
  }

  private static double now() {
    return System.currentTimeMillis() / 1000.0;
  }
}
