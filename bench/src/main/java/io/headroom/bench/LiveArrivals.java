package io.headroom.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.headroom.model.kafka.KafkaClient;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * When each run's limit was first heard: on the alert webhook (a real HTTP receiver on 127.0.0.1,
 * the time of arrival by this JVM's clock) and on the verdicts topic (the record's create time,
 * stamped by the analyzer's producer as it sent the changed verdict). Keyed testbed|run; only a
 * verdict whose bottleneck is {@code limit} counts.
 */
final class LiveArrivals implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final String limit;
  private final HttpServer server;
  private final Map<String, Long> webhookMs = new ConcurrentHashMap<>();
  private final Map<String, Long> verdictMs = new ConcurrentHashMap<>();
  private final Map<String, Double> onsetTs = new ConcurrentHashMap<>();
  private final Thread consumer;
  private volatile boolean closing;

  LiveArrivals(String limit, KafkaClient kafka, String verdictsTopic) throws Exception {
    this.limit = limit;
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/hook", exchange -> {
      long at = System.currentTimeMillis();
      byte[] body = exchange.getRequestBody().readAllBytes();
      exchange.sendResponseHeaders(204, -1);
      exchange.close();
      JsonNode root = JSON.readTree(new String(body, StandardCharsets.UTF_8));
      heard(webhookMs, root.path("testbed").asText() + "|" + root.path("verdict").path("run").asText(),
          root.path("verdict"), at);
    });
    server.start();
    consumer = new Thread(() -> consume(kafka, verdictsTopic), "bench-verdicts");
    consumer.setDaemon(true);
    consumer.start();
  }

  URI hook() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/hook");
  }

  private void heard(Map<String, Long> into, String key, JsonNode verdict, long atMs) {
    if (!limit.equals(verdict.path("bottleneck").asText())) {
      return;
    }
    if (into.putIfAbsent(key, atMs) == null) {
      JsonNode sub = verdict.path("phases").path(0).path("sub_phase");
      if (sub.has("start")) {
        onsetTs.putIfAbsent(key, sub.path("start").asDouble());
      }
    }
  }

  private void consume(KafkaClient kafka, String topic) {
    Map<String, Object> props = new HashMap<>(kafka.properties());
    try (KafkaConsumer<String, String> c = new KafkaConsumer<>(props, new StringDeserializer(), new StringDeserializer())) {
      List<TopicPartition> parts = new ArrayList<>();
      c.partitionsFor(topic).forEach(p -> parts.add(new TopicPartition(topic, p.partition())));
      c.assign(parts);
      c.seekToBeginning(parts);
      while (!closing) {
        for (ConsumerRecord<String, String> r : c.poll(Duration.ofMillis(100))) {
          try {
            heard(verdictMs, r.key(), JSON.readTree(r.value()), r.timestamp());
          } catch (Exception e) {
            // not a verdict of ours: nothing to time
          }
        }
      }
    }
  }

  /** Wall-clock ms the webhook with the limit arrived, or null. */
  Long webhook(String key) {
    return webhookMs.get(key);
  }

  Long verdict(String key) {
    return verdictMs.get(key);
  }

  /** The onset the verdict said (its sub-phase's start), or null. */
  Double onsetSaid(String key) {
    return onsetTs.get(key);
  }

  @Override
  public void close() throws InterruptedException {
    closing = true;
    server.stop(0);
    consumer.join(5000);
  }
}
