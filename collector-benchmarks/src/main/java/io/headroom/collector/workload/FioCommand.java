package io.headroom.collector.workload;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The fio command line the runner starts: the user's arguments with the output options the
 * runner depends on replaced. json+ rather than json because its cumulative clat bins give an
 * exact per-interval p99 by difference; plain json only has percentiles since job start.
 */
final class FioCommand {
  static final String STATUS_INTERVAL = "--status-interval=1";
  static final String OUTPUT_FORMAT = "--output-format=json+";
  /** Options that would move or reshape fio's stdout; they take a value. */
  private static final Set<String> REPLACED = Set.of("--output-format", "--output", "--status-interval");

  private FioCommand() {}

  /**
   * @param args the command after "--": either starting with the fio executable ("fio" or a path
   *     ending in /fio) or only fio's arguments
   */
  static List<String> build(List<String> args, String defaultExecutable) {
    List<String> out = new ArrayList<>();
    int i = 0;
    if (!args.isEmpty() && isFio(args.get(0))) {
      out.add(args.get(0));
      i = 1;
    } else {
      out.add(defaultExecutable);
    }
    for (; i < args.size(); i++) {
      String a = args.get(i);
      String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
      if (REPLACED.contains(name)) {
        if (!a.contains("=")) {
          i++; // "--output-format json": the value is the next word
        }
        continue;
      }
      out.add(a);
    }
    out.add(OUTPUT_FORMAT);
    out.add(STATUS_INTERVAL);
    return out;
  }

  private static boolean isFio(String first) {
    return !first.startsWith("-") && Path.of(first).getFileName().toString().equals("fio");
  }
}
