package io.headroom.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import io.headroom.app.cli.DemoMessages.Benchmark;
import io.headroom.model.Bottleneck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the demo says about its own verdict, and whether it measured storage or the page cache. */
class DemoMeaningTest {
  @TempDir Path dir;

  @Test
  void onTwoCpusWithDirectIoAHostCpuVerdictIsAboutSharingTheMachine() {
    assertEquals("What this verdict means: fio ran on this machine's 2 CPUs beside the demo's own Kafka broker,"
        + " PostgreSQL, collector and analyzer, so the HOST_CPU verdict says the benchmark competed with them"
        + " for CPUs, not that the storage is slow. fio used direct I/O, so its IOPS are the storage's under the"
        + " work directory. To judge storage, run `headroom run --testbed FILE -- fio ...` on a quiet host.",
        DemoMessages.whatItMeans(2, Benchmark.DIRECT, Bottleneck.HOST_CPU));
  }

  /** The case: fio ran, the verdict was NONE, and the paragraph still spoke of "a HOST_CPU verdict". */
  @Test
  void aNoneVerdictAfterFioSaysTheWorkloadSetThePace() {
    assertEquals("What this verdict means: fio ran on this machine's 2 CPUs beside the demo's own Kafka broker,"
        + " PostgreSQL, collector and analyzer; the NONE verdict says nothing on the data path reached its ceiling:"
        + " fio's 2 jobs at iodepth 1 set the pace, not the machine. fio used direct I/O, so its IOPS are the"
        + " storage's under the work directory. To judge storage, run `headroom run --testbed FILE -- fio ...` on a"
        + " quiet host.", DemoMessages.whatItMeans(2, Benchmark.DIRECT, Bottleneck.NONE));
  }

  @Test
  void withoutDirectIoItSaysThePageCacheServedTheIops() {
    assertEquals("What this verdict means: fio ran on this machine's 1 CPU beside the demo's own Kafka broker,"
        + " PostgreSQL, collector and analyzer; the DISK verdict names the resource that was full in this short run"
        + " on a shared machine. fio could not use direct I/O here, so its IOPS come from the page cache and say"
        + " nothing of the storage. To judge storage, run `headroom run --testbed FILE -- fio ...` on a quiet host.",
        DemoMessages.whatItMeans(1, Benchmark.BUFFERED, Bottleneck.DISK));
  }

  /** Without fio nothing is said about fio's I/O: no benchmark ran. */
  @Test
  void withoutFioItSaysNoBenchmarkRanAndWhatTheVerdictIs() {
    assertEquals("What this verdict means: fio is not installed, so no benchmark ran: the demo collected this"
        + " machine's 2 CPUs while only its own Kafka broker, PostgreSQL, collector and analyzer ran, and the NONE"
        + " verdict says nothing was at its ceiling, as on an idle machine; it says nothing of the storage. Install"
        + " fio to see a benchmark judged. To judge storage, run `headroom run --testbed FILE -- fio ...` on a quiet"
        + " host.", DemoMessages.whatItMeans(2, Benchmark.NO_FIO, Bottleneck.NONE));
    assertEquals("What this verdict means: fio is not installed, so no benchmark ran: the demo collected this"
        + " machine's 2 CPUs while only its own Kafka broker, PostgreSQL, collector and analyzer ran, and the run was"
        + " not judged (too few readings in its window). Install fio to see a benchmark judged. To judge storage, run"
        + " `headroom run --testbed FILE -- fio ...` on a quiet host.", DemoMessages.whatItMeans(2, Benchmark.NO_FIO, null));
  }

  @Test
  void theMissingFioLineSaysHowToInstallIt() {
    assertEquals("fio is not installed: collecting the host for 8 s without a benchmark. To run one, install fio"
        + " (Debian or Ubuntu: sudo apt-get install fio; Fedora or RHEL: sudo dnf install fio; macOS: brew install fio)"
        + " and run the demo again.", DemoMessages.fioMissing(8));
  }

  @Test
  void theReportIsServedUntilCtrlCOrWrittenToAFile() {
    assertEquals("report:     http://127.0.0.1:8080/runs/demo-1\nserving the report there until you press Ctrl-C"
        + " (Ctrl-C stops the demo)", DemoMessages.serving("http://127.0.0.1:8080/runs/demo-1"));
    assertEquals("report:     wrote /tmp/headroom-demo-1.html (42 kB); open it in a browser. Not a terminal, so the demo"
        + " does not wait (--stay serves the report at a URL until Ctrl-C).",
        DemoMessages.wroteReport(Path.of("/tmp/headroom-demo-1.html"), 42));
  }

  /** Without --verbose: third-party loggers at error, Headroom's at warn (its migration INFO lines gone). */
  @Test
  void quietLoggingKeepsErrorsOfTheEmbeddedPartsAndHeadroomsWarnings() {
    var p = DemoMessages.quietLogging();
    assertEquals("warn", p.get("org.slf4j.simpleLogger.log.io.headroom"));
    for (String noisy : List.of("org.apache.kafka", "kafka", "state.change.logger", "io.zonky", "io.vertx")) {
      assertEquals("error", p.get("org.slf4j.simpleLogger.log." + noisy), noisy);
    }
  }

  @Test
  void directIoIsAskedOfFioItself() throws Exception {
    String fio = DemoBenchmark.onPath("fio");
    assumeTrue(fio != null, "fio is not installed");
    // the build machine's temporary directory (ext4) takes O_DIRECT; the probe leaves no file
    assertTrue(DirectIo.works(fio, dir.resolve("fio.dat")));
    assertFalse(Files.exists(dir.resolve("fio.dat")));
    // a file fio cannot create (its "directory" is a file) is no direct I/O
    Files.writeString(dir.resolve("plain"), "x");
    assertFalse(DirectIo.works(fio, dir.resolve("plain/fio.dat")));
    assertFalse(DirectIo.works(dir.resolve("no-such-fio").toString(), dir.resolve("fio.dat")));
  }
}
