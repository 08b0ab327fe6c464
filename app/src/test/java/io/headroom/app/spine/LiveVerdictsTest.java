package io.headroom.app.spine;

import io.headroom.app.testing.TestDatabase;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import io.headroom.analyzer.ingest.IngestConfig;
import io.headroom.analyzer.store.StoreConfig;
import io.headroom.app.service.AnalyzerService;
import io.headroom.collector.host.HostMetrics;
import io.headroom.collector.powerstore.PowerStoreMetrics;
import io.headroom.collector.source.Scrape;
import io.headroom.collector.workload.BenchMetrics;
import io.headroom.model.Rel;
import io.headroom.model.kafka.KafkaClient;
import io.headroom.collector.source.Source;
import io.headroom.model.Bottleneck;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import io.headroom.model.Phase;
import io.headroom.model.Run;
import io.headroom.model.Verdict;
import io.headroom.model.VerdictJson;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run in progress whose array node fills up half way: the analyzer's live verdict moves from
 * NONE to ARRAY_CPU while the run is still open, the alert webhook hears of it, and the verdict
 * table holds both.
 */
class LiveVerdictsTest {
  static final String WORKLOAD = "t1/fio/r1/job";
  static final String NODE_A = "array/a1/node-a";
  static final int FULL_FROM = 8;

  @TempDir Path dir;

  /** Workload at 50k IOPS on a volume served by node A, whose CPU is 30% until scrape 8, then 97%. */
  static final class FillingArray implements Source {
    private int n;

    @Override
    public String name() {
      return "filling";
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
      s.sample(NODE_A, PowerStoreMetrics.UTIL, n < FULL_FROM ? 0.30 : 0.97);
      s.sample("t1/cpu", HostMetrics.UTIL, 0.40);
    }
  }

  @Test
  void theLimitAppearsWhileTheRunIsOpenAndTheWebhookHearsOfIt() throws Exception {
    BlockingQueue<String> hooks = new LinkedBlockingQueue<>();
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/hook", exchange -> {
      hooks.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
      exchange.sendResponseHeaders(204, -1);
      exchange.close();
    });
    server.start();
    URI hook = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/hook?token=secret");
    try (Spine spine = new Spine(dir, new FillingArray(), List.of(hook))) {
      spine.collector.publishRun(new Run("r1", "lab", Spine.T0, null, Map.of("tool", "fio")));
      spine.collector.publishRun(new Phase("r1", "steady", Spine.T0, null));
      long fullAt = 0;
      for (int i = 1; i <= 20; i++) {
        spine.scrape(1);
        if (i == FULL_FROM) {
          fullAt = System.nanoTime();
        }
        Thread.sleep(500);
      }
      List<Verdict> heard = new ArrayList<>();
      long arrayCpuAt = 0;
      while (arrayCpuAt == 0) {
        String body = hooks.poll(30, TimeUnit.SECONDS);
        assertTrue(body != null, "no webhook with ARRAY_CPU within 30 s; heard " + heard);
        Verdict v = VerdictJson.fromJson(body.substring(body.indexOf("\"verdict\":") + 10, body.length() - 1));
        heard.add(v);
        if (v.bottleneck() == Bottleneck.ARRAY_CPU) {
          arrayCpuAt = System.nanoTime();
        }
      }
      double latency = (arrayCpuAt - fullAt) / 1e9;
      System.out.printf("live verdict: ARRAY_CPU heard %.1f s after the node filled up%n", latency);
      assertEquals(Bottleneck.NONE, heard.get(0).bottleneck(), "first verdict, before node A filled up");
      Verdict last = heard.get(heard.size() - 1);
      assertEquals(NODE_A, last.entity());
      assertEquals("ARRAY_CPU", last.phases().get(0).bottleneck().name());
      assertTrue(last.evidence().stream().anyMatch(e -> e.contains(NODE_A + " util p95 0.97")), last.evidence().toString());
      assertTrue(latency < 15, "loosely: within 15 s on a loaded 2-core machine; was " + latency);
      assertEquals(List.of("NONE", "ARRAY_CPU"), verdictTable(spine));
    } finally {
      server.stop(0);
    }
  }

  @Test
  void aSecondAnalyzerTakesOverTheLiveVerdictsOfARunWhenTheFirstLeaves() throws Exception {
    BlockingQueue<String> hooksOfB = new LinkedBlockingQueue<>();
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/b", exchange -> {
      hooksOfB.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
      exchange.sendResponseHeaders(204, -1);
      exchange.close();
    });
    server.start();
    URI hookOfB = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/b");
    try (Spine spine = new Spine(dir, new FillingArray(), List.of())) {
      spine.collector.publishRun(new Run("r1", "lab", Spine.T0, null, Map.of("tool", "fio")));
      spine.collector.publishRun(new Phase("r1", "steady", Spine.T0, null));
      spine.scrape(3);
      spine.awaitRows(3 * 8, Duration.ofSeconds(60)); // 4 samples + 4 of scrape health a scrape: the run is in
      try (AnalyzerService b = new AnalyzerService(IngestConfig.defaults(
              KafkaClient.plaintext(spine.kafka.bootstrapServers()), spine.topics),
          spine.db.url(), null, null, TestDatabase.KEEPING_FIXED_DATES, List.of(hookOfB))) {
        Thread.sleep(3000); // the group shares its partitions out again
        spine.analyzer.close(); // the first analyzer leaves: b owns every partition now
        for (int i = 4; i <= 20; i++) {
          spine.scrape(1);
          Thread.sleep(500);
        }
        Verdict heard = null;
        while (heard == null || heard.bottleneck() != Bottleneck.ARRAY_CPU) {
          String body = hooksOfB.poll(30, TimeUnit.SECONDS);
          assertTrue(body != null, "the second analyzer never judged run r1 ARRAY_CPU; last heard " + heard);
          heard = VerdictJson.fromJson(body.substring(body.indexOf("\"verdict\":") + 10, body.length() - 1));
        }
        assertEquals("r1", heard.run());
        assertEquals(NODE_A, heard.entity());
      }
    } finally {
      server.stop(0);
    }
  }

  /** Distinct bottlenecks stored from the verdicts topic, in order. */
  private static List<String> verdictTable(Spine spine) throws Exception {
    long deadline = System.currentTimeMillis() + 20_000;
    List<String> out = new ArrayList<>();
    while (System.currentTimeMillis() < deadline) {
      out.clear();
      try (Connection c = spine.db.connect(); Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT bottleneck FROM verdict WHERE run = 'r1' ORDER BY computed_at")) {
        while (rs.next()) {
          if (out.isEmpty() || !out.get(out.size() - 1).equals(rs.getString(1))) {
            out.add(rs.getString(1));
          }
        }
      }
      if (out.contains("ARRAY_CPU")) {
        break;
      }
      Thread.sleep(300);
    }
    return out;
  }
}
