package io.headroom.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedKafkaTest {
  @TempDir Path dir;

  @Test
  void keepsMessagesAcrossARestartOnTheSamePort() throws Exception {
    try (EmbeddedKafka kafka = EmbeddedKafka.start(dir.resolve("kafka"))) {
      produce(kafka, "before");
      kafka.stop();
      kafka.start();
      produce(kafka, "after");
      assertEquals(List.of("before", "after"), consumeAll(kafka, 2));
    }
  }

  @Test
  void theLogCleanersHeapMapIsSixteenMebibytesNotKafkasDefault128() throws Exception {
    try (EmbeddedKafka kafka = EmbeddedKafka.start(dir.resolve("kafka"));
        Admin admin = Admin.create(Map.of("bootstrap.servers", kafka.bootstrapServers()))) {
      ConfigResource broker = new ConfigResource(ConfigResource.Type.BROKER, "1");
      Config config = admin.describeConfigs(List.of(broker)).all().get().get(broker);
      // 16 x 1024 x 1024 bytes, as the broker itself reports it
      assertEquals("16777216", config.get("log.cleaner.dedupe.buffer.size").value());
    }
  }

  private static void produce(EmbeddedKafka kafka, String value) throws Exception {
    try (KafkaProducer<String, String> p = new KafkaProducer<>(Map.of(
        "bootstrap.servers", kafka.bootstrapServers(), "acks", "all"),
        new StringSerializer(), new StringSerializer())) {
      p.send(new ProducerRecord<>("t", 0, "k", value)).get();
    }
  }

  private static List<String> consumeAll(EmbeddedKafka kafka, int expected) {
    try (KafkaConsumer<String, String> c = new KafkaConsumer<>(Map.of(
        "bootstrap.servers", kafka.bootstrapServers(), "group.id", "g",
        "auto.offset.reset", "earliest"), new StringDeserializer(), new StringDeserializer())) {
      c.subscribe(List.of("t"));
      java.util.ArrayList<String> out = new java.util.ArrayList<>();
      long deadline = System.currentTimeMillis() + 30_000;
      while (out.size() < expected && System.currentTimeMillis() < deadline) {
        for (ConsumerRecord<String, String> r : c.poll(Duration.ofMillis(500))) {
          out.add(r.value());
        }
      }
      return out;
    }
  }
}
