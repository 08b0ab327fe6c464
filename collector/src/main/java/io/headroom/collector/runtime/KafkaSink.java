package io.headroom.collector.runtime;

import io.headroom.collector.publish.KafkaPublisher;
import io.headroom.collector.source.Scrape;
import io.headroom.collector.spool.Spool;
import io.headroom.collector.spool.SpoolRecord;
import io.headroom.model.Entity;
import io.headroom.model.RecordingRecord;
import io.headroom.model.Relation;
import io.headroom.model.StorableRecords;
import io.headroom.model.kafka.BatchIds;
import io.headroom.model.kafka.RecordJson;
import io.headroom.model.kafka.Topics;
import io.headroom.model.log.RateLimitedLog;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import org.slf4j.LoggerFactory;

/**
 * Turns scrapes into Kafka messages and appends them to the spool: one sample batch per entity
 * per scrape (keyed by testbed and entity, so an entity's samples stay in order), and topology
 * records only when they changed since last sent (the topic is compacted; repeating an unchanged
 * entity every second would only cost bandwidth).
 */
public final class KafkaSink implements ScrapeSink {
  private final Spool spool;
  private final KafkaPublisher publisher;
  private final Topics topics;
  private final BatchIds ids = new BatchIds();
  /**
   * The last topology record sent per key, so an unchanged one is not sent again every scrape;
   * a key not seen for 10 minutes (a removed device) is forgotten, and sent again if it returns.
   */
  private final RecentlySeen<byte[]> lastTopology;
  static final Duration TOPOLOGY_FORGET = Duration.ofMinutes(10);
  private final RateLimitedLog refusals = new RateLimitedLog(LoggerFactory.getLogger(KafkaSink.class), Duration.ofMinutes(1));

  public KafkaSink(Spool spool, KafkaPublisher publisher, Topics topics) {
    this(spool, publisher, topics, System::nanoTime);
  }

  /** @param nanoTime the clock that ages the topology records sent (tests step it) */
  KafkaSink(Spool spool, KafkaPublisher publisher, Topics topics, LongSupplier nanoTime) {
    this.spool = spool;
    this.publisher = publisher;
    this.topics = topics;
    this.lastTopology = new RecentlySeen<>(TOPOLOGY_FORGET, nanoTime);
  }

  @Override
  public void accept(String testbed, Scrape scrape) {
    for (Entity e : scrape.entities()) {
      topology(testbed, e);
    }
    for (Relation r : scrape.relations()) {
      topology(testbed, r);
    }
    for (Map.Entry<String, List<Scrape.Reading>> e : scrape.readings().entrySet()) {
      for (SampleBatches.Encoded b : SampleBatches.of(ids, testbed, e.getKey(), e.getValue())) {
        spool.append(new SpoolRecord(topics.samples(), utf8(b.batch().key()), b.bytes()));
      }
    }
    publisher.nudge();
  }

  /**
   * Run and phase records go to the runs topic, every time (they are few and each one matters);
   * one the database could not store (a run id or phase name with a NUL, say) is refused and logged.
   */
  public void run(String testbed, RecordingRecord record) {
    List<String> refused = StorableRecords.problems(record);
    if (!refused.isEmpty()) {
      refusals.warn("refused run record", "{} record refused, the database could not store it: {}", record.type(),
          String.join("; ", refused));
      return;
    }
    spool.append(new SpoolRecord(topics.runs(), utf8(Topics.runKey(testbed, record)), RecordJson.encode(testbed, record)));
    publisher.nudge();
  }

  /** The verdict of a run, keyed by testbed and run so a run's verdicts stay in order. */
  public void verdict(String testbed, String runId, String verdictJson) {
    spool.append(new SpoolRecord(topics.verdicts(), utf8(testbed + "|" + runId), utf8(verdictJson)));
    publisher.nudge();
  }

  private void topology(String testbed, RecordingRecord record) {
    String key = Topics.topologyKey(testbed, record);
    byte[] value = RecordJson.encode(testbed, record);
    byte[] previous = lastTopology.put(key, value);
    if (previous == null || !Arrays.equals(previous, value)) {
      spool.append(new SpoolRecord(topics.topology(), utf8(key), value));
    }
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
