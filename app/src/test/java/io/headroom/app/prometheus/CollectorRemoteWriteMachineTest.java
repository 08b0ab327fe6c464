package io.headroom.app.prometheus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.headroom.app.service.RemoteWriteService;
import io.headroom.collector.forward.RemoteWriteSink;
import io.headroom.collector.host.HostSource;
import io.headroom.collector.host.HostSourceConfig;
import io.headroom.collector.runtime.ScrapeRunner;
import io.headroom.collector.source.Scrape;
import io.headroom.config.RemoteWriteTarget;
import io.headroom.config.SpoolConfig;
import io.headroom.remotewrite.PromNames;
import io.headroom.remotewrite.Readings;
import io.headroom.remotewrite.RemoteWriteSender;
import io.headroom.standin.MachineTest;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A collector with no analyzer forwarding its own scrapes (remote_write from: collector) to
 * Debian's Prometheus 2.42 with its receiver on: the host source scrapes the two-socket fixture
 * tree (a captured /proc and /sys, scrape1 then scrape2 laid over it 2 s later, as
 * TwoSocketRatesTest reads it), Prometheus is stopped between the two scrapes, and once it is
 * back every reading of both scrapes is read back from its query API with its value and its
 * millisecond timestamp.
 */
@MachineTest("starts prometheus (apt package) on a free port of 127.0.0.1")
class CollectorRemoteWriteMachineTest {
  private static final Path FIXTURE = Path.of("../collector-host/src/test/resources/host/two-socket").toAbsolutePath();

  @TempDir Path dir;

  @Test
  void aCollectorsHostScrapesComeBackFromPrometheusWithTheirValuesAndTimes() throws Exception {
    assumeTrue(Files.isExecutable(Receiver.Prometheus.BINARY), "prometheus is not installed (apt-get install prometheus)");
    Path root = dir.resolve("host");
    copyTree(FIXTURE.resolve("scrape1"), root);
    HostSource source = new HostSource("h1", null, new HostSourceConfig(root.resolve("proc"), root.resolve("sys"),
        List.of("bench.slice"), List.of("/system.slice/storage.service"), Duration.ofHours(1), null));
    // whole seconds a minute ago: Prometheus takes no sample far behind its newest, nor from 1970
    double t1 = System.currentTimeMillis() / 1000 - 60;
    double[] now = {t1};
    ScrapeRunner runner = new ScrapeRunner("h1", source, () -> now[0]);
    PromNames names = RemoteWriteService.names();
    try (Receiver.Prometheus prometheus = new Receiver.Prometheus(dir.resolve("prometheus"), "")) {
      prometheus.start();
      RemoteWriteTarget target = RemoteWriteTarget.of(prometheus.writeUrl(), true).named("prom")
          .forwardedBy(RemoteWriteTarget.FROM_COLLECTOR);
      List<Scrape> scrapes = new ArrayList<>();
      try (RemoteWriteSink sink = RemoteWriteSink.start(List.of(target), SpoolConfig.at(dir.resolve("spool")), names,
          Map.of())) {
        RemoteWriteSender sender = sink.senders().get(0);
        scrapes.add(runner.scrapeOnce());
        sink.accept("rwc", scrapes.get(0));
        assertTrue(sink.awaitDrained(Duration.ofSeconds(30)), "the first scrape written");
        prometheus.stop();
        copyTree(FIXTURE.resolve("scrape2"), root);
        now[0] = t1 + 2;
        scrapes.add(runner.scrapeOnce());
        sink.accept("rwc", scrapes.get(1)); // the endpoint is down: held in its spool
        Thread.sleep(2000);
        assertTrue(sender.retries() > 0 && sender.waitingFor() != null, "retrying while it is down");
        prometheus.start();
        assertTrue(sink.awaitDrained(Duration.ofSeconds(60)), "the second scrape written once it is back");
        assertEquals(0, sender.samplesRefused());
      }
      Map<String, String> expected = expected(scrapes, names);
      assertTrue(expected.size() > 100, "a scrape of the two-socket host has hundreds of series: " + expected.size());
      assertEquals(expected, readBack(prometheus));
      System.out.printf("%d series, %d samples of 2 scrapes read back from Prometheus%n", expected.size(),
          scrapes.stream().mapToInt(Scrape::sampleCount).sum());
      // a few by hand, from gen_two_socket.py's deltas over the 2 s between the scrapes
      long t2ms = (long) (t1 + 2) * 1000;
      assertEquals("10000.0@" + t2ms, expected.get("headroom_read_iops{h1/disk/nvme0n1}"));
      assertEquals("0.95@" + t2ms, expected.get("headroom_util_ratio{h1/disk/nvme0n1}"));
      assertEquals(1.25e9 + "@" + t2ms, expected.get("headroom_rx_bytes_per_second{h1/net/ens1f0}"));
      assertEquals(List.of(Map.of("__name__", "headroom_read_iops", "testbed", "rwc", "entity", "h1/disk/nvme0n1",
          "kind", "disk")), prometheus.series("headroom_read_iops{entity=\"h1/disk/nvme0n1\"}"));
    }
  }

  /** Every reading of the scrapes as "name{entity}" to "value@ms value@ms ...". */
  private static Map<String, String> expected(List<Scrape> scrapes, PromNames names) {
    Map<String, String> out = new TreeMap<>();
    for (Scrape s : scrapes) {
      s.readings().forEach((entity, readings) -> {
        for (Scrape.Reading r : readings) {
          out.merge(names.of(r.metric()) + "{" + entity + "}", r.value() + "@" + Readings.millis(r.ts()),
              (a, b) -> a + " " + b);
        }
      });
    }
    return out;
  }

  /** Every raw sample Prometheus holds of testbed rwc, the same way. */
  private static Map<String, String> readBack(Receiver.Prometheus prometheus) throws Exception {
    JsonNode result = Receiver.JSON.readTree(prometheus.get("/api/v1/query?query="
        + Receiver.encode("{testbed=\"rwc\"}[3h]")).body()).path("data").path("result");
    Map<String, String> out = new TreeMap<>();
    for (JsonNode series : result) {
      List<String> samples = new ArrayList<>();
      for (JsonNode v : series.path("values")) {
        samples.add(Double.parseDouble(v.get(1).asText()) + "@" + Math.round(v.get(0).asDouble() * 1000));
      }
      out.put(series.path("metric").path("__name__").asText() + "{" + series.path("metric").path("entity").asText() + "}",
          String.join(" ", samples));
    }
    return out;
  }

  /** The fixture's tree, its symlinks kept as links (the host source follows them to PCI parents). */
  private static void copyTree(Path from, Path to) throws IOException {
    Files.walkFileTree(from, new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attrs) throws IOException {
        Files.createDirectories(to.resolve(from.relativize(d).toString()));
        return FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
        Path target = to.resolve(from.relativize(file).toString());
        if (attrs.isSymbolicLink()) {
          Files.deleteIfExists(target);
          Files.createSymbolicLink(target, Files.readSymbolicLink(file));
        } else {
          Files.copy(file, target, StandardCopyOption.REPLACE_EXISTING);
        }
        return FileVisitResult.CONTINUE;
      }
    });
  }
}
