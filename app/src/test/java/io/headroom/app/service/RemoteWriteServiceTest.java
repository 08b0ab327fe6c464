package io.headroom.app.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import io.headroom.analyzer.ingest.IngestConfig;
import io.headroom.app.api.PrometheusText;
import io.headroom.app.api.RemoteWriteMetrics;
import io.headroom.app.testing.StoredRecording;
import io.headroom.app.testing.TestDatabase;
import io.headroom.config.RemoteWriteTarget;
import io.headroom.embedded.EmbeddedKafka;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import io.headroom.model.Metrics;
import io.headroom.model.Run;
import io.headroom.model.kafka.KafkaClient;
import io.headroom.model.kafka.Point;
import io.headroom.model.kafka.SampleBatch;
import io.headroom.model.kafka.SampleBatchCodec;
import io.headroom.model.kafka.TopicSetup;
import io.headroom.model.kafka.Topics;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.xerial.snappy.Snappy;

/**
 * The analyzer's remote write as the daemon wires it from {@code remote_write:}: a reading put on
 * the samples topic reaches the endpoint, its kind read from the entity table the ingest filled
 * (no entity record on Kafka here), the endpoint's secret sent, and its counters on /metrics.
 * Real Kafka and PostgreSQL, a real HTTP server.
 */
class RemoteWriteServiceTest {
  @TempDir Path dir;

  @Test
  void aReadingOnTheTopicsReachesTheEndpointWithItsKindFromTheDatabase() throws Exception {
    List<String> bodies = new CopyOnWriteArrayList<>();
    List<String> authorizations = new CopyOnWriteArrayList<>();
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/api/v1/write", ex -> {
      authorizations.add(ex.getRequestHeaders().getFirst("Authorization"));
      bodies.add(new String(Snappy.uncompress(ex.getRequestBody().readAllBytes()), StandardCharsets.ISO_8859_1));
      ex.sendResponseHeaders(204, -1);
      ex.close();
    });
    server.start();
    try (EmbeddedKafka kafka = EmbeddedKafka.start(dir.resolve("kafka")); TestDatabase db = TestDatabase.create()) {
      try (var database = db.migrated(); Connection c = database.connection()) {
        StoredRecording.store(c, List.of(new Run("r1", "tb", 0, null, Map.of()),
            new Entity("h1/cpu0", EntityKind.HOST_CPU, "cpu0", Map.of(), Map.of())));
      }
      Topics topics = new Topics("rws" + System.nanoTime() + ".");
      KafkaClient client = KafkaClient.plaintext(kafka.bootstrapServers());
      TopicSetup.ensure(client, topics, 1, (short) 1);
      RemoteWriteTarget target = new RemoteWriteTarget("local", URI.create("http://127.0.0.1:"
          + server.getAddress().getPort() + "/api/v1/write"), true, "RW_TOKEN", null, null, null, null, null, null, null, null);
      try (RemoteWriteService service = new RemoteWriteService(List.of(target), IngestConfig.defaults(client, topics),
          db.url(), null, null, Map.of("RW_TOKEN", "t0k")).start()) {
        Map<String, Object> p = new HashMap<>(client.properties());
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(p, new ByteArraySerializer(),
            new ByteArraySerializer())) {
          SampleBatch b = new SampleBatch(UUID.randomUUID(), "tb", "h1/cpu0", List.of(new Point(12.5, Metrics.UTIL, 0.75)));
          producer.send(new ProducerRecord<>(topics.samples(), b.key().getBytes(StandardCharsets.UTF_8),
              SampleBatchCodec.encode(b))).get();
        }
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (service.senders().get(0).samplesSent() < 1 && System.nanoTime() < deadline) {
          Thread.sleep(100);
        }
        assertEquals(1, service.senders().get(0).samplesSent());
        assertEquals(List.of("Bearer t0k"), authorizations);
        String body = bodies.get(0);
        for (String s : List.of("headroom_util_ratio", "h1/cpu0", "kind", "host_cpu", "testbed")) {
          assertTrue(body.contains(s), s + " in " + body);
        }
        PrometheusText out = new PrometheusText();
        new RemoteWriteMetrics(service.senders()).write(out);
        assertTrue(out.toString().contains("headroom_remote_write_samples_sent_total{endpoint=\"local\"} 1\n"), out.toString());
        assertTrue(out.toString().contains("headroom_remote_write_up{endpoint=\"local\"} 1\n"), out.toString());
      }
    } finally {
      server.stop(0);
    }
  }

  /** An endpoint marked from: collector is the collector's to forward to: the analyzer starts no loop for it. */
  @Test
  void anEndpointTheCollectorForwardsToIsLeftAlone() throws Exception {
    RemoteWriteTarget collectors = RemoteWriteTarget.of(URI.create("http://127.0.0.1:9/api/v1/write"), true)
        .forwardedBy(RemoteWriteTarget.FROM_COLLECTOR);
    RemoteWriteTarget analyzers = collectors.named("a").forwardedBy(RemoteWriteTarget.FROM_ANALYZER);
    // nothing here is reached: no loop is started, and a skipped endpoint opens no consumer or connection
    IngestConfig ingest = IngestConfig.defaults(KafkaClient.plaintext("127.0.0.1:9"), new Topics("skip."));
    try (RemoteWriteService service = new RemoteWriteService(List.of(collectors, analyzers), ingest,
        "jdbc:postgresql://127.0.0.1:9/none", null, null, Map.of())) {
      assertEquals(List.of("a"), service.senders().stream().map(s -> s.name()).toList());
    }
  }
}
