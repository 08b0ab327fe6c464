package io.headroom.app.cli;

import io.headroom.model.Bottleneck;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the demo tells the person who ran it, true for what happened: whether fio ran and with
 * direct I/O, the verdict that came out, how to get fio, where the report is.
 */
final class DemoMessages {
  private DemoMessages() {}

  /** What the demo's benchmark was. */
  enum Benchmark {
    /** fio is not installed: the host alone was collected. */
    NO_FIO,
    /** fio ran through the page cache: the filesystem refused O_DIRECT. */
    BUFFERED,
    /** fio ran with direct I/O. */
    DIRECT
  }

  static final String TO_JUDGE_STORAGE = "To judge storage, run `headroom run --testbed FILE -- fio ...` on a quiet host.";

  static String fioMissing(int seconds) {
    return "fio is not installed: collecting the host for " + seconds + " s without a benchmark. To run one, install fio"
        + " (Debian or Ubuntu: sudo apt-get install fio; Fedora or RHEL: sudo dnf install fio; macOS: brew install fio)"
        + " and run the demo again.";
  }

  /** The paragraph under the verdict; {@code verdict} null when the run was not judged. */
  static String whatItMeans(int cpus, Benchmark benchmark, Bottleneck verdict) {
    String machine = "this machine's " + cpus + " CPU" + (cpus == 1 ? "" : "s");
    if (benchmark == Benchmark.NO_FIO) {
      return "What this verdict means: fio is not installed, so no benchmark ran: the demo collected " + machine
          + " while only its own Kafka broker, PostgreSQL, collector and analyzer ran, and " + withoutBenchmark(verdict)
          + " Install fio to see a benchmark judged. " + TO_JUDGE_STORAGE;
    }
    return "What this verdict means: fio ran on " + machine + " beside the demo's own Kafka broker, PostgreSQL, collector"
        + " and analyzer" + withFio(verdict) + " " + (benchmark == Benchmark.DIRECT
            ? "fio used direct I/O, so its IOPS are the storage's under the work directory."
            : "fio could not use direct I/O here, so its IOPS come from the page cache and say nothing of the storage.")
        + " " + TO_JUDGE_STORAGE;
  }

  private static String withoutBenchmark(Bottleneck verdict) {
    if (verdict == null) {
      return "the run was not judged (too few readings in its window).";
    }
    return switch (verdict) {
      case NONE -> "the NONE verdict says nothing was at its ceiling, as on an idle machine; it says nothing of the storage.";
      case HOST_CPU -> "the HOST_CPU verdict says the demo's own services kept the CPUs busy; it says nothing of the storage.";
      default -> "the " + verdict + " verdict names what was busiest without a benchmark; it says nothing of the storage.";
    };
  }

  private static String withFio(Bottleneck verdict) {
    if (verdict == null) {
      return "; the run was not judged (too few readings in its window).";
    }
    return switch (verdict) {
      case HOST_CPU -> ", so the HOST_CPU verdict says the benchmark competed with them for CPUs, not that the storage is slow.";
      case NONE -> "; the NONE verdict says nothing on the data path reached its ceiling: fio's 2 jobs at iodepth 1 set"
          + " the pace, not the machine.";
      default -> "; the " + verdict + " verdict names the resource that was full in this short run on a shared machine.";
    };
  }

  static String serving(String url) {
    return "report:     " + url + "\nserving the report there until you press Ctrl-C (Ctrl-C stops the demo)";
  }

  static String wroteReport(Path file, long kilobytes) {
    return "report:     wrote " + file + " (" + kilobytes + " kB); open it in a browser. Not a terminal, so the demo"
        + " does not wait (--stay serves the report at a URL until Ctrl-C).";
  }

  /**
   * slf4j-simple levels for the demo without --verbose, as system properties (read by each logger
   * when it is made, so they apply to the broker and database started after): the embedded Kafka
   * broker, PostgreSQL, Vert.x and Netty say only errors, Headroom only warnings; the schema's
   * migration lines and the broker's controller notices are not the demo's story.
   */
  static Map<String, String> quietLogging() {
    Map<String, String> p = new LinkedHashMap<>();
    String prefix = "org.slf4j.simpleLogger.";
    // defaultLogLevel is read once, by the first logger made; the per-name keys by every logger
    p.put(prefix + "defaultLogLevel", "warn");
    p.put(prefix + "log.io.headroom", "warn");
    for (String noisy : new String[] {"org.apache.kafka", "kafka", "state.change.logger", "io.zonky", "org.postgresql",
        "io.vertx", "io.netty", "com.openhtmltopdf", "org.apache.pdfbox"}) {
      p.put(prefix + "log." + noisy, "error");
    }
    return p;
  }
}
