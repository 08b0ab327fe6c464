package io.headroom.app.cli;

import io.headroom.model.Phase;
import io.headroom.model.RecordingRecord;
import io.headroom.model.Run;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A benchmark Headroom does not read (sysbench, elbencho, a script): the run is the command's
 * lifetime, one phase "command" spans it, and the judgement rests on the sources' telemetry
 * alone. Its output goes to this terminal as it would without Headroom.
 */
final class PlainCommand {
  static final String PHASE = "command";

  private PlainCommand() {}

  /** Runs the command to its end; returns its exit code. */
  static int run(List<String> command, String runId, String testbed, Consumer<RecordingRecord> sink)
      throws IOException, InterruptedException {
    Map<String, Object> workload = new LinkedHashMap<>();
    workload.put("tool", Path.of(command.get(0)).getFileName().toString());
    workload.put("command", String.join(" ", command));
    double start = now();
    sink.accept(new Run(runId, testbed, start, null, workload));
    sink.accept(new Phase(runId, PHASE, start, null));
    Process p = new ProcessBuilder(command).inheritIO().start();
    int exit;
    try {
      exit = p.waitFor();
    } finally {
      p.destroy(); // interrupted: the command does not outlive the run
    }
    double end = now();
    workload.put("exit_code", exit);
    sink.accept(new Phase(runId, PHASE, start, end));
    sink.accept(new Run(runId, testbed, start, end, workload));
    return exit;
  }

  private static double now() {
    return System.currentTimeMillis() / 1000.0;
  }
}
