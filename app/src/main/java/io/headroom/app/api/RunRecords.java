package io.headroom.app.api;

import io.headroom.model.RecordingRecord;
import io.headroom.model.kafka.KafkaClient;
import io.headroom.model.kafka.RecordJson;
import io.headroom.model.kafka.Topics;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Runs and phases declared through the API go on the runs topic like a collector's, so every
 * analyzer stores them and judges the run live the same way.
 */
public final class RunRecords implements ApiServer.RunRecordsSink {
  private final KafkaProducer<byte[], byte[]> producer;
  private final Topics topics;

  public RunRecords(KafkaClient kafka, Topics topics) {
    this.topics = topics;
    Map<String, Object> props = new HashMap<>(kafka.properties());
    props.put("acks", "all");
    props.put("enable.idempotence", true);
    props.put("linger.ms", 0);
    props.put("max.block.ms", 5_000);
    props.put("delivery.timeout.ms", 10_000);
    props.put("request.timeout.ms", 5_000);
    this.producer = new KafkaProducer<>(props, new ByteArraySerializer(), new ByteArraySerializer());
  }

  /** Sends and waits for Kafka's acknowledgement. */
  @Override
  public void publish(String testbed, RecordingRecord record) throws Exception {
    byte[] key = Topics.runKey(testbed, record).getBytes(StandardCharsets.UTF_8);
    producer.send(new ProducerRecord<>(topics.runs(), key, RecordJson.encode(testbed, record))).get(15, TimeUnit.SECONDS);
  }

  @Override
  public void close() {
    producer.close(Duration.ofSeconds(5));
  }
}
