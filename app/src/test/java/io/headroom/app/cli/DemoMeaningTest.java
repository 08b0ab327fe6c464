package io.headroom.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the demo says about its own verdict, and whether it measured storage or the page cache. */
class DemoMeaningTest {
  @TempDir Path dir;

  @Test
  void onTwoCpusWithDirectIoTheVerdictIsAboutSharingTheMachine() {
    assertEquals("What this verdict means: fio ran on this machine's 2 CPUs beside the demo's own Kafka broker,"
        + " PostgreSQL, collector and analyzer, so a HOST_CPU verdict here says the benchmark competed with them"
        + " for CPUs, not that the storage is slow. fio used direct I/O, so its IOPS are the storage's under the"
        + " work directory. To judge storage, run `headroom run --testbed FILE -- fio ...` on a quiet host.",
        DemoCommand.whatItMeans(2, true));
  }

  @Test
  void withoutDirectIoItSaysThePageCacheServedTheIops() {
    assertTrue(DemoCommand.whatItMeans(1, false).contains("this machine's 1 CPU beside"));
    assertTrue(DemoCommand.whatItMeans(1, false).contains("fio could not use direct I/O here, so its IOPS come"
        + " from the page cache and say nothing of the storage."));
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
