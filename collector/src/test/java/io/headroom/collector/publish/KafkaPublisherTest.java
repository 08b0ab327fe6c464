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
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The publisher against a real KRaft broker and a real spool. */
class KafkaPublisherTest {
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

      KafkaPublisher publisher = drain(spool, kafka);
      assertEquals(1, publisher.refusedTooLarge());
      assertEquals(2, publisher.sent()); // 3 spooled - 1 refused
      assertEquals(Map.of("before", 100, "after", 100), read(kafka, topics.verdicts(), 2));
    }
  }

  /**
   * The batch buffer is 32 KiB (BATCH_BYTES, kept small so the producer's pool of them stays
   * small): records just under it, just over it (a buffer of their own) and of the largest size
   * the sink makes (512 KiB) all arrive whole.
   */
  @Test
  void recordsUnderAndOverTheBatchSizeAllArriveWhole() throws Exception {
    Topics topics = Topics.DEFAULT;
    Map<String, Integer> sizes = Map.of(
        "small", 100,
        "under-batch", 32 * 1024 - 200, // 32,568 bytes
        "over-batch", 32 * 1024 + 1, // 32,769 bytes
        "largest-sample-batch", 512 * 1024); // SampleBatches.MAX_BYTES
    try (EmbeddedKafka broker = EmbeddedKafka.start(dir.resolve("kafka"));
        Spool spool = new Spool(SpoolConfig.at(dir.resolve("spool")))) {
      KafkaClient kafka = KafkaClient.plaintext(broker.bootstrapServers());
      TopicSetup.ensure(kafka, topics, 1, (short) 1);
      Random random = new Random(16);
      for (String key : List.of("small", "under-batch", "over-batch", "largest-sample-batch")) {
        byte[] value = new byte[sizes.get(key)];
        random.nextBytes(value); // incompressible, so lz4 does not shrink them below the batch size
        spool.append(new SpoolRecord(topics.verdicts(), key.getBytes(StandardCharsets.UTF_8), value));
      }
      KafkaPublisher publisher = drain(spool, kafka);
      assertEquals(4, publisher.sent());
      assertEquals(0, publisher.refusedTooLarge());
      assertEquals(sizes, read(kafka, topics.verdicts(), 4));
    }
  }

  private static KafkaPublisher drain(Spool spool, KafkaClient kafka) throws InterruptedException {
    KafkaPublisher publisher = new KafkaPublisher(spool, kafka);
    Thread drainer = new Thread(publisher, "test-drainer");
    drainer.start();
    try {
      assertTrue(publisher.awaitDrained(Duration.ofSeconds(60)), "the spool drained");
    } finally {
      publisher.close();
      drainer.join(10_000);
    }
    return publisher;
  }

  private static SpoolRecord record(Topics topics, String key, int valueBytes) {
    return new SpoolRecord(topics.verdicts(), key.getBytes(StandardCharsets.UTF_8), new byte[valueBytes]);
  }

  /** Key -> value length of the records on {@code topic}, waiting for {@code expected} of them. */
  private static Map<String, Integer> read(KafkaClient kafka, String topic, int expected) {
    Map<String, Object> props = new HashMap<>(kafka.properties());
    props.put("group.id", "publisher-test");
    props.put("auto.offset.reset", "earliest");
    props.put("max.partition.fetch.bytes", 2 * 1024 * 1024);
    Map<String, Integer> out = new LinkedHashMap<>();
    try (KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(props, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      consumer.subscribe(List.of(topic));
      long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
      while (out.size() < expected && System.nanoTime() < deadline) {
        consumer.poll(Duration.ofMillis(500)).forEach(r -> out.put(new String(r.key(), StandardCharsets.UTF_8), r.value().length));
      }
      // one more poll: a record beyond those expected (a refused one, had it gone) would show here
      consumer.poll(Duration.ofSeconds(1)).forEach(r -> out.put(new String(r.key(), StandardCharsets.UTF_8), r.value().length));
    }
    return out;
  }
}
