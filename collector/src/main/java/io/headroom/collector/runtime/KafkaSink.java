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
import io.headroom.model.kafka.Point;
import io.headroom.model.kafka.RecordJson;
import io.headroom.model.kafka.SampleBatch;
import io.headroom.model.kafka.SampleBatchCodec;
import io.headroom.model.kafka.Topics;
import io.headroom.model.log.RateLimitedLog;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
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
  /** Half of Kafka's default max.request.size (1 MiB), leaving room for record and batch headers. */
  static final int MAX_SAMPLE_RECORD_BYTES = 512 * 1024;

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
      List<Point> points = new ArrayList<>(e.getValue().size());
      for (Scrape.Reading r : e.getValue()) {
        points.add(new Point(r.ts(), r.metric(), r.value()));
      }
      spoolSamples(testbed, e.getKey(), points);
    }
    publisher.nudge();
  }

  /**
   * One batch per entity and scrape, split in halves until each encodes to at most
   * {@link #MAX_SAMPLE_RECORD_BYTES}: Kafka refuses a record over its request limit (1 MiB by
   * default) for good, so an entity with tens of thousands of readings goes as several batches,
   * each with its own id, rather than as one record no broker will take.
   */
  private void spoolSamples(String testbed, String entity, List<Point> points) {
    SampleBatch batch = new SampleBatch(ids.next(), testbed, entity, points);
    // the encoding's metric table holds at most 65,535 names: halve before encoding when it could hold more
    byte[] encoded = points.size() > SampleBatchCodec.MAX_METRICS ? null : SampleBatchCodec.encode(batch);
    if (encoded == null || encoded.length > MAX_SAMPLE_RECORD_BYTES && points.size() > 1) {
      int half = points.size() / 2;
      spoolSamples(testbed, entity, points.subList(0, half));
      spoolSamples(testbed, entity, points.subList(half, points.size()));
      return;
    }
    spool.append(new SpoolRecord(topics.samples(), utf8(batch.key()), encoded));
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
