package io.headroom.analyzer.live;

import io.headroom.model.Verdict;
import io.headroom.model.VerdictJson;
import java.time.Duration;
import io.headroom.model.kafka.KafkaClient;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Publishes changed verdicts to the verdicts topic, keyed testbed|run. The analyzers' ingest
 * stores them from there, so the verdict table holds every change, whichever analyzer made it.
 */
public final class KafkaVerdictPublisher implements VerdictListener, AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(KafkaVerdictPublisher.class);
  private final KafkaProducer<String, String> producer;
  private final String topic;

  public KafkaVerdictPublisher(KafkaClient kafka, String topic) {
    this.topic = topic;
    Map<String, Object> props = new HashMap<>(kafka.properties());
    props.put("acks", "all");
    props.put("enable.idempotence", true);
    props.put("linger.ms", 0);
    this.producer = new KafkaProducer<>(props, new StringSerializer(), new StringSerializer());
  }

  @Override
  public void changed(String testbed, Verdict previous, Verdict current) {
    producer.send(new ProducerRecord<>(topic, testbed + "|" + current.run(), VerdictJson.toJson(current)), (md, e) -> {
      if (e != null) {
        LOG.warn("verdict of run {} not published to {}: {}", current.run(), topic, e.getMessage());
      }
    });
  }

  @Override
  public void close() {
    producer.close(Duration.ofSeconds(5));
  }
}
