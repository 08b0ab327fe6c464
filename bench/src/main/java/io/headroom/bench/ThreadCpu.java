package io.headroom.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The CPU time of this JVM's threads from one moment on, by thread name, read from
 * {@code /proc/self/task} (Linux): every thread, the JVM's own included (JIT compilers, garbage
 * collectors), which the JMX thread bean does not list. Says which of the ingest's threads, the
 * embedded broker's, the compiler or the collector spent the JVM's share. Linux keeps 15
 * characters of a name; threads that end in between lose their time.
 */
final class ThreadCpu {
  private static final Path TASKS = Path.of("/proc/self/task");
  private final Map<String, Long> atStart;

  private ThreadCpu(Map<String, Long> atStart) {
    this.atStart = atStart;
  }

  static ThreadCpu now() {
    return new ThreadCpu(ticksByTask());
  }

  /** CPU nanoseconds the live threads spent since {@link #now()}, summed by name. */
  Spent since() {
    Map<String, Long> byName = new HashMap<>();
    ticksByTask().forEach((task, ticks) -> {
      String name = task.substring(task.indexOf(' ') + 1);
      long spent = ticks - atStart.getOrDefault(task, 0L);
      byName.merge(name, (long) (spent * 1e9 / ProcStat.TICKS_PER_S), Long::sum);
    });
    return new Spent(byName);
  }

  /** utime + stime of each task, keyed "tid name". */
  private static Map<String, Long> ticksByTask() {
    Map<String, Long> out = new HashMap<>();
    try (Stream<Path> tasks = Files.list(TASKS)) {
      tasks.forEach(t -> {
        try {
          String stat = Files.readString(t.resolve("stat"));
          out.put(t.getFileName() + " " + ProcStat.name(stat), ProcStat.cpuTicks(stat));
        } catch (IOException e) {
          // the thread ended meanwhile
        }
      });
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + TASKS, e);
    }
    return out;
  }

  record Spent(Map<String, Long> nanosByName) {
    long ofPrefix(String prefix) {
      return nanosByName.entrySet().stream().filter(e -> e.getKey().startsWith(prefix))
          .mapToLong(Map.Entry::getValue).sum();
    }

    /** The {@code n} busiest thread names, as "name 1.23 ms" per 1,000 of {@code units}. */
    String top(int n, long units) {
      return nanosByName.entrySet().stream()
          .sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(n)
          .map(e -> String.format("%s %.2f ms", e.getKey(), 1e-3 * e.getValue() / units))
          .collect(Collectors.joining(", "));
    }
  }
}
