package io.headroom.app.cli;

import io.headroom.app.service.CollectorService;
import io.headroom.model.Phase;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** The demo's benchmark: a short fio random read/write run against a file in the work directory. */
final class DemoBenchmark {
  static final Map<String, Object> WORKLOAD = Map.of(
      "tool", "fio", "rw", "randrw", "bs", 4096, "iodepth", 8, "numjobs", 2);

  private DemoBenchmark() {}

  static void run(Path work, int seconds, CollectorService collector, String runId) throws Exception {
    String fio = onPath("fio");
    double start = System.currentTimeMillis() / 1000.0;
    if (fio == null) {
      System.out.println("fio is not installed: collecting the host for " + seconds + " s without a benchmark");
      Thread.sleep(seconds * 1000L);
    } else {
      System.out.println("running fio (4k random read/write, 2 jobs, iodepth 8) for " + seconds + " s");
      Process p = new ProcessBuilder(List.of(fio, "--name=demo", "--filename=" + work.resolve("fio.dat"),
              "--size=64m", "--rw=randrw", "--bs=4k", "--iodepth=8", "--numjobs=2", "--ioengine=psync",
              "--time_based", "--runtime=" + seconds, "--group_reporting", "--output-format=terse"))
          .redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!p.waitFor(seconds + 60L, TimeUnit.SECONDS) || p.exitValue() != 0) {
        System.out.println("fio failed: " + out.trim());
      }
    }
    collector.publishRun(new Phase(runId, "randrw-4k", start, System.currentTimeMillis() / 1000.0));
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
