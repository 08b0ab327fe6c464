package io.headroom.app.spine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import io.headroom.collector.host.HostMetrics;
import io.headroom.collector.powerstore.PowerStoreMetrics;
import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.Source;
import io.headroom.collector.workload.BenchMetrics;
import io.headroom.model.Bottleneck;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import io.headroom.model.Phase;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Rel;
import io.headroom.model.Run;
import io.headroom.model.Verdict;
import io.headroom.model.VerdictJson;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 28's alert test: a limit that starts 30 s into an open phase reaches the alert webhook (a
 * real HTTP receiver on 127.0.0.1) within 2 s of the onset's first reading, through the real
 * spine: collector, Kafka broker, PostgreSQL, the analyzer's live rounds. At real time: one scrape
 * a second by the wall clock, so the latency is what a user would see.
 */
class OnsetAlertTest {
  static final String WORKLOAD = "t1/fio/r1/job";
  static final String NODE_A = "array/a1/node-a";
  /** Scrape n is stamped T0 + n - 1 (Spine's clock); the phase starts at T0, so 30 s in is scrape 31. */
  static final int ONSET_SCRAPE = 31;
  static final double ONSET_TS = Spine.T0 + ONSET_SCRAPE - 1;

  @TempDir Path dir;

  /** 50,000 IOPS on a volume served by node A; node A at 0.30 until scrape 31, then 0.97. */
  static final class LimitAt30 implements Source {
    private int n;

    @Override
    public String name() {
      return "onset";
    }

    @Override
    public Duration interval() {
      return Duration.ofSeconds(1);
    }

    @Override
    public void scrape(Scrape s) {
      n++;
      s.entity(new Entity(WORKLOAD, EntityKind.WORKLOAD, "job", Map.of("iodepth", 32, "numjobs", 4), Map.of()));
      s.entity(new Entity("t1/vol/v1", EntityKind.DISK, "v1", Map.of(), Map.of()));
      s.entity(new Entity(NODE_A, EntityKind.ARRAY_CPU, "node A", Map.of(), Map.of()));
      s.entity(new Entity("t1/cpu", EntityKind.HOST_CPU, "t1 CPUs", Map.of(), Map.of()));
      s.relation(WORKLOAD, Rel.TARGETS, "t1/vol/v1");
      s.relation("t1/vol/v1", Rel.SERVED_BY, NODE_A);
      s.relation(WORKLOAD, Rel.RUNS_ON, "t1/cpu");
      s.sample(WORKLOAD, BenchMetrics.READ_IOPS, 50_000);
      s.sample(WORKLOAD, BenchMetrics.READ_LATENCY_S, 0.0025);
      s.sample(NODE_A, PowerStoreMetrics.UTIL, n < ONSET_SCRAPE ? 0.30 : 0.97);
      s.sample("t1/cpu", HostMetrics.UTIL, 0.40);
    }
  }

  private record Heard(long atNanos, Verdict verdict) {}

  @Test
  void aLimitStarting30SecondsIntoThePhaseReachesTheWebhookWithin2Seconds() throws Exception {
    BlockingQueue<Heard> hooks = new LinkedBlockingQueue<>();
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/hook", exchange -> {
      long at = System.nanoTime(); // on arrival, before the body is parsed
      String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
      hooks.add(new Heard(at, VerdictJson.fromJson(body.substring(body.indexOf("\"verdict\":") + 10, body.length() - 1))));
      exchange.sendResponseHeaders(204, -1);
      exchange.close();
    });
    server.start();
    URI hook = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/hook");
    try (Spine spine = new Spine(dir, new LimitAt30(), List.of(hook))) {
      spine.collector.publishRun(new Run("r1", "lab", Spine.T0, null, Map.of("tool", "fio")));
      spine.collector.publishRun(new Phase("r1", "steady", Spine.T0, null));
      long onsetPublished = 0;
      Heard limit = null;
      long next = System.nanoTime();
      for (int n = 1; n <= ONSET_SCRAPE + 10 && limit == null; n++) {
        spine.scrape(1); // scrape n
        if (n == ONSET_SCRAPE) {
          onsetPublished = System.nanoTime();
        }
        next += 1_000_000_000L;
        limit = awaitArrayCpu(hooks, next);
      }
      assertNotNull(limit, "no ARRAY_CPU webhook within 10 s of the onset");
      double latency = (limit.atNanos() - onsetPublished) / 1e9;
      System.out.printf("onset alert: webhook %.2f s after the onset's first reading was published%n", latency);
      PhaseVerdict phase = limit.verdict().phases().get(0);
      assertEquals(NODE_A, phase.entity());
      assertNotNull(phase.subPhase(), "the alert says when the limit began");
      assertEquals(ONSET_TS, phase.subPhase().start(), "the onset's first reading, not the phase's start");
      assertEquals(Bottleneck.NONE, phase.subPhase().phaseSoFar(), "30 s of 0.30 before it: the phase so far NONE");
      assertTrue(latency <= 2.0, "webhook within 2 s of the onset's first reading; was " + latency);
    } finally {
      server.stop(0);
    }
  }

  /** Waits until {@code until} (System.nanoTime) for an ARRAY_CPU verdict; null when none came. */
  private static Heard awaitArrayCpu(BlockingQueue<Heard> hooks, long until) throws InterruptedException {
    while (true) {
      long left = until - System.nanoTime();
      Heard h = left <= 0 ? hooks.poll() : hooks.poll(left, java.util.concurrent.TimeUnit.NANOSECONDS);
      if (h == null) {
        return null;
      }
      if (h.verdict().bottleneck() == Bottleneck.ARRAY_CPU) {
        return h;
      }
    }
  }
}
