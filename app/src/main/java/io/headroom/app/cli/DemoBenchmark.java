package io.headroom.app.cli;

import io.headroom.app.service.CollectorService;
import io.headroom.collector.workload.FioFailedException;
import io.headroom.collector.workload.FioRunner;
import io.headroom.model.Phase;
import io.headroom.model.Run;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The demo's benchmark: a short fio random read/write run against a file in the work directory,
 * with direct I/O where its filesystem allows it (so the IOPS are the storage's, not the page
 * cache's), streamed through the benchmark source like any `headroom run`. Without fio, the host
 * alone is collected for the same time, as a run with one phase.
 */
final class DemoBenchmark {
  private DemoBenchmark() {}

  /**
   * Runs the benchmark; says whether fio ran, and with direct I/O (the verdict then measures the
   * storage under the work directory) or through the page cache (the filesystem refused it).
   */
  static DemoMessages.Benchmark run(Path work, int seconds, CollectorService collector, String host, String testbed, String runId)
      throws InterruptedException {
    String fio = onPath("fio");
    if (fio == null) {
      System.out.println(DemoMessages.fioMissing(seconds));
      double start = now();
      Map<String, Object> workload = Map.of("tool", "none");
      collector.publishRecord(new Run(runId, testbed, start, null, workload));
      Thread.sleep(seconds * 1000L);
      collector.publishRecord(new Phase(runId, "idle", start, now()));
      collector.publishRecord(new Run(runId, testbed, start, now(), workload));
      return DemoMessages.Benchmark.NO_FIO;
    }
    Path file = work.resolve("fio.dat");
    boolean direct = DirectIo.works(fio, file);
    System.out.println(direct
        ? "running fio (4k random read/write, 2 jobs, psync, direct I/O to " + file + ") for " + seconds + " s"
        : "running fio (4k random read/write, 2 jobs, psync) for " + seconds + " s; " + DirectIo.REFUSED_NOTE);
    try {
      new FioRunner(host, runId, testbed, Path.of("/sys")).executable(fio).run(List.of(
          "--name=demo", "--filename=" + file, "--size=64m", "--rw=randrw", "--bs=4k",
          "--iodepth=1", "--numjobs=2", "--ioengine=psync", "--direct=" + (direct ? 1 : 0), "--time_based",
          "--runtime=" + seconds, "--group_reporting"), collector::publishRecord);
    } catch (FioFailedException e) {
      System.out.println("fio failed; judging what was collected: " + e.getMessage());
    }
    return direct ? DemoMessages.Benchmark.DIRECT : DemoMessages.Benchmark.BUFFERED;
  }

  private static double now() {
    return System.currentTimeMillis() / 1000.0;
  }

  static String onPath(String program) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      File f = new File(dir, program);
      if (f.canExecute()) {
        return f.getPath();
      }
    }
    return null;
  }
}
