package io.headroom.collector.publish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.collector.spool.Spool;
import io.headroom.collector.spool.SpoolRecord;
import io.headroom.config.SpoolConfig;
import io.headroom.embedded.EmbeddedKafka;
import io.headroom.model.kafka.KafkaClient;
import io.headroom.model.kafka.TopicSetup;
import io.headroom.model.kafka.Topics;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A record no broker will take must not stop the spool: a real KRaft broker, a real spool. */
class KafkaPublisherRefusalTest {
  @TempDir Path dir;

  @Test
  void aRecordOverKafkasSizeLimitIsDroppedAndCountedAndTheRecordsAfterItAreDelivered() throws Exception {
    Topics topics = Topics.DEFAULT;
    try (EmbeddedKafka broker = EmbeddedKafka.start(dir.resolve("kafka"));
        Spool spool = new Spool(SpoolConfig.at(dir.resolve("spool")))) {
      KafkaClient kafka = KafkaClient.plaintext(broker.bootstrapServers());
      TopicSetup.ensure(kafka, topics, 1, (short) 1);
      spool.append(record(topics, "before", 100));
      // the producer's max.request.size is 1 MiB (1,048,576 bytes): 2 MiB is refused before sending
      spool.append(record(topics, "too-large", 2 * 1024 * 1024));
      spool.append(record(topics, "after", 100));

      KafkaPublisher publisher = new KafkaPublisher(spool, kafka);
      Thread drainer = new Thread(publisher, "test-drainer");
      drainer.start();
      try {
        assertTrue(publisher.awaitDrained(Duration.ofSeconds(60)), "the spool drained past the refused record");
      } finally {
        publisher.close();
        drainer.join(10_000);
      }
      assertEquals(1, publisher.refusedTooLarge());
      assertEquals(2, publisher.sent()); // 3 spooled - 1 refused
      assertEquals(List.of("before", "after"), keysOn(kafka, topics.verdicts()));
    }
  }

  private static SpoolRecord record(Topics topics, String key, int valueBytes) {
    return new SpoolRecord(topics.verdicts(), key.getBytes(StandardCharsets.UTF_8), new byte[valueBytes]);
  }

  private static List<String> keysOn(KafkaClient kafka, String topic) {
    Map<String, Object> props = new HashMap<>(kafka.properties());
    props.put("group.id", "refusal-test");
    props.put("auto.offset.reset", "earliest");
    List<String> keys = new ArrayList<>();
    try (KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(props, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      consumer.subscribe(List.of(topic));
      long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
      while (keys.size() < 2 && System.nanoTime() < deadline) {
        for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(500))) {
          keys.add(new String(r.key(), StandardCharsets.UTF_8));
        }
      }
      // one more poll: a third record (the refused one, had it gone) would show here
      consumer.poll(Duration.ofSeconds(1)).forEach(r -> keys.add(new String(r.key(), StandardCharsets.UTF_8)));
    }
    return keys;
  }
}
