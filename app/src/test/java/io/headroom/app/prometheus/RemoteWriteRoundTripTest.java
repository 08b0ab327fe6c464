package io.headroom.app.prometheus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.headroom.remotewrite.RemoteWriteSender;
import io.headroom.model.Bottleneck;
import io.headroom.model.Entity;
import io.headroom.model.HeadroomEntry;
import io.headroom.model.Phase;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Verdict;
import io.headroom.model.EntityKind;
import io.headroom.model.Metrics;
import io.headroom.model.kafka.Point;
import io.headroom.standin.MachineTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Remote write against the real receivers: Debian's Prometheus 2.42 (remote-write receiver on)
 * and VictoriaMetrics 1.79, started here on free ports of 127.0.0.1. Readings go on the topics as
 * the collector puts them, the forwarding loops send them, and each receiver's query API gives
 * every one back with its value and millisecond timestamp; an endpoint stopped for 60 s while
 * readings are stored loses none of them.
 */
@MachineTest("starts prometheus and victoria-metrics (apt packages) on free ports of 127.0.0.1")
class RemoteWriteRoundTripTest {
  private static final String CPU = "h1/cpu0";
  private static final String DISK = "h1/disk/sda";

  @TempDir Path dir;

  private static void assumeBinaries() {
    assumeTrue(Files.isExecutable(Receiver.Prometheus.BINARY), "prometheus is not installed (apt-get install prometheus)");
    assumeTrue(Files.isExecutable(Receiver.VictoriaMetrics.BINARY),
        "victoria-metrics is not installed (apt-get install victoria-metrics)");
  }

  /**
   * {@code n} readings a series, 250 ms apart, starting {@code startMs}: reading i is
   * (offset + i) / scale, the cpu's utilisation i/1000, the disk's read latency (2000 + i)/10^6 s;
   * each value and time distinct. Each value is the double nearest a short decimal:
   * VictoriaMetrics keeps 12 significant decimal digits, so 0.009000000000000001 (0.001 * 9)
   * would come back 0.009, another double.
   */
  private static List<Point> points(String metric, long startMs, int from, int n, int offset, double scale) {
    List<Point> out = new ArrayList<>();
    for (int i = from; i < from + n; i++) {
      out.add(new Point((startMs + 250L * i) / 1000.0, metric, (offset + i) / scale));
    }
    return out;
  }

  private static List<Receiver.Sample> expected(long startMs, int n, int offset, double scale) {
    List<Receiver.Sample> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(new Receiver.Sample(startMs + 250L * i, (offset + i) / scale));
    }
    return out;
  }

  /** Publishes readings {@code from}..{@code from+n} of both series, in batches of 10 per entity. */
  private static void publish(ForwardingRig rig, long startMs, int from, int n) throws Exception {
    for (int i = from; i < from + n; i += 10) {
      int k = Math.min(10, from + n - i);
      rig.publish(CPU, points(Metrics.UTIL, startMs, i, k, 0, 1e3));
      rig.publish(DISK, points(Metrics.READ_LATENCY_S, startMs, i, k, 2000, 1e6));
    }
  }

  @Test
  void readingsComeBackFromPrometheusAndVictoriaMetricsWithTheirValuesAndTimes() throws Exception {
    assumeBinaries();
    long startMs = System.currentTimeMillis() - 120_000;
    int n = 300; // 75 s of readings at 4 a second, two series
    try (Receiver.Prometheus prometheus = new Receiver.Prometheus(dir.resolve("prometheus"), "");
        Receiver.VictoriaMetrics vm = new Receiver.VictoriaMetrics(dir.resolve("vm"));
        ForwardingRig rig = new ForwardingRig(dir)) {
      prometheus.start();
      vm.start();
      rig.publish(new Entity(CPU, EntityKind.HOST_CPU, "cpu0", Map.of(), Map.of()));
      rig.publish(new Entity(DISK, EntityKind.DISK, "sda", Map.of(), Map.of()));
      Thread.sleep(500); // the entities first, so the readings carry their kind
      RemoteWriteSender toPrometheus = rig.forwardTo(prometheus.writeUrl(), "prometheus");
      RemoteWriteSender toVm = rig.forwardTo(vm.writeUrl(), "vm");
      publish(rig, startMs, 0, n);
      ForwardingRig.await(() -> toPrometheus.samplesSent() >= 2L * n && toVm.samplesSent() >= 2L * n,
          Duration.ofSeconds(60), "600 samples written to each");
      for (Receiver r : List.of(prometheus, vm)) {
        assertEquals(expected(startMs, n, 0, 1e3),
            r.samples("headroom_util_ratio{testbed=\"rw\",entity=\"h1/cpu0\",kind=\"host_cpu\"}"), r.getClass().getSimpleName());
        assertEquals(expected(startMs, n, 2000, 1e6),
            r.samples("headroom_read_latency_seconds{testbed=\"rw\",entity=\"h1/disk/sda\",kind=\"disk\"}"),
            r.getClass().getSimpleName());
      }
      assertEquals(0, toPrometheus.samplesRefused() + toVm.samplesRefused());
    }
  }

  @Test
  void prometheusStoppedFor60SecondsWhileReadingsAreStoredLosesNone() throws Exception {
    assumeBinaries();
    long startMs = System.currentTimeMillis() - 180_000;
    try (Receiver.Prometheus prometheus = new Receiver.Prometheus(dir.resolve("prometheus"), "");
        ForwardingRig rig = new ForwardingRig(dir)) {
      prometheus.start();
      RemoteWriteSender sender = rig.forwardTo(prometheus.writeUrl(), "prometheus");
      publish(rig, startMs, 0, 100);
      ForwardingRig.await(() -> sender.samplesSent() >= 200, Duration.ofSeconds(60), "the first 200 samples written");
      prometheus.stop();
      publish(rig, startMs, 100, 200); // stored while the endpoint is down
      Thread.sleep(60_000);
      assertEquals(200, sender.samplesSent(), "nothing written while it was down");
      assertTrue(sender.retries() > 0 && sender.waitingFor() != null, "retrying while it is down");
      prometheus.start();
      ForwardingRig.await(() -> sender.samplesSent() >= 600, Duration.ofSeconds(60), "all 600 written after the restart");
      assertEquals(expected(startMs, 300, 0, 1e3), prometheus.samples("headroom_util_ratio{entity=\"h1/cpu0\"}"));
      assertEquals(expected(startMs, 300, 2000, 1e6),
          prometheus.samples("headroom_read_latency_seconds{entity=\"h1/disk/sda\"}"));
      assertEquals(0, sender.samplesRefused());
    }
  }

  /**
   * A phase that ran from 40 s ago to 5 s ago and its verdict (the disk d1 at 75% of its ceiling):
   * Prometheus draws the phase and the bottleneck as 1 every 10 s from the phase's start and at
   * its end, and the disk's headroom as 1 - 0.75 over the same times.
   */
  @Test
  void aRunsPhaseAndVerdictBecomeSeriesPrometheusDraws() throws Exception {
    assumeBinaries();
    long startMs = System.currentTimeMillis() / 1000 * 1000 - 40_000;
    long endMs = startMs + 35_000;
    try (Receiver.Prometheus prometheus = new Receiver.Prometheus(dir.resolve("prometheus"), "");
        ForwardingRig rig = new ForwardingRig(dir)) {
      prometheus.start();
      RemoteWriteSender sender = rig.forwardTo(prometheus.writeUrl(), "prometheus");
      rig.record(rig.topics.runs(), "r1/p1", new Phase("r1", "p1", startMs / 1000.0, endMs / 1000.0));
      ForwardingRig.await(() -> sender.samplesSent() >= 6, Duration.ofSeconds(60), "the phase's 5 samples and marker");
      List<HeadroomEntry> rows = List.of(new HeadroomEntry("d1", EntityKind.DISK, 0.75, 0.7, "util", true));
      rig.publish(new Verdict("r1", Bottleneck.DISK, "d1", 0.9, List.of(), rows, List.of(
          new PhaseVerdict("p1", Bottleneck.DISK, "d1", 0.9, "r", List.of(), rows, List.of(), null))));
      ForwardingRig.await(() -> sender.samplesSent() >= 18, Duration.ofSeconds(60), "the verdict's 12 samples");
      List<Receiver.Sample> ones = new ArrayList<>();
      List<Receiver.Sample> headroom = new ArrayList<>();
      for (long t : new long[] {startMs, startMs + 10_000, startMs + 20_000, startMs + 30_000, endMs}) {
        ones.add(new Receiver.Sample(t, 1));
        headroom.add(new Receiver.Sample(t, 1 - 0.75));
      }
      assertEquals(ones, prometheus.samples("headroom_phase_info{testbed=\"rw\",run=\"r1\",phase=\"p1\"}"));
      assertEquals(ones, prometheus.samples(
          "headroom_bottleneck{testbed=\"rw\",run=\"r1\",phase=\"p1\",class=\"disk\",entity=\"d1\"}"));
      assertEquals(headroom, prometheus.samples(
          "headroom_headroom_ratio{run=\"r1\",phase=\"p1\",entity=\"d1\",kind=\"disk\",reading=\"util\"}"));
      assertEquals(0, sender.samplesRefused());
    }
  }
}
