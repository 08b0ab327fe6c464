package io.headroom.analyzer.ingest;

import io.headroom.analyzer.store.DeadLetter;
import io.headroom.analyzer.store.IngestBatch;
import io.headroom.analyzer.store.KafkaPosition;
import io.headroom.model.VerdictJson;
import io.headroom.model.kafka.NameCache;
import io.headroom.model.kafka.RecordJson;
import io.headroom.model.kafka.SampleBatchCodec;
import io.headroom.model.kafka.Topics;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns a poll's records into what the store writes. A record that cannot be read becomes a
 * dead letter (stored with the rest, so the poll can still be committed), not an exception.
 * One per consumer thread: it keeps the names and metric domains it has seen across polls.
 */
final class RecordDecoder {
  private static final Logger LOG = LoggerFactory.getLogger(RecordDecoder.class);
  private final Topics topics;
  // This thread's caches across polls: each name decoded once, each metric's domain decided once.
  private final NameCache names = new NameCache();
  private final SampleDomains domains = new SampleDomains();

  RecordDecoder(Topics topics) {
    this.topics = topics;
  }

  List<Consumed> decode(ConsumerRecords<byte[], byte[]> records) {
    List<Consumed> out = new ArrayList<>(records.count());
    for (ConsumerRecord<byte[], byte[]> r : records) {
      if (r.value() == null) {
        continue; // a tombstone on the compacted topology topic: nothing to add
      }
      out.add(new Consumed(r.topic(), r.partition(), r.offset(), r.value(), batchOf(r)));
    }
    return out;
  }

  private IngestBatch batchOf(ConsumerRecord<byte[], byte[]> r) {
    IngestBatch batch = new IngestBatch();
    try {
      if (r.topic().equals(topics.samples())) {
        samples(r, batch);
      } else if (r.topic().equals(topics.verdicts())) {
        batch.verdict(testbedOfKey(r.key()), VerdictJson.fromJson(new String(r.value(), StandardCharsets.UTF_8)),
            new KafkaPosition(r.topic(), r.partition(), r.offset()));
      } else {
        RecordJson.Tagged t = RecordJson.decode(r.value());
        if (t.record() == null) {
          return batch; // unknown record type: ignored, as in recordings
        }
        if (r.topic().equals(topics.topology())) {
          batch.topology(t.testbed(), t.record());
        } else {
          batch.run(t.testbed(), t.record());
        }
      }
    } catch (RuntimeException e) {
      DeadLetter letter = new DeadLetter(r.topic(), r.partition(), r.offset(), DeadLetter.UNDECODABLE, null,
          String.valueOf(e.getMessage()), r.value());
      LOG.warn("setting aside undecodable record {} ({}); see table dead_letter", letter.where(), e.getMessage());
      batch = new IngestBatch();
      batch.deadLetter(letter);
    }
    return batch;
  }

  /**
   * A sample batch's points within their domains are stored; those outside are set aside as one
   * dead letter of the record (reason {@code out_of_domain}, its bytes as they came), naming the
   * entity and each point's reason.
   */
  private void samples(ConsumerRecord<byte[], byte[]> r, IngestBatch batch) {
    SampleDomains.Split split = domains.check(SampleBatchCodec.decode(r.value(), names));
    if (!split.kept().points().isEmpty()) {
      batch.samples(split.kept());
      batch.sampleRecord(r.topic(), r.partition(), r.offset());
    }
    if (!split.clean()) {
      DeadLetter letter = new DeadLetter(r.topic(), r.partition(), r.offset(), DeadLetter.OUT_OF_DOMAIN, null,
          split.describe(), r.value());
      LOG.warn("record {}: {}; the rest of the batch is stored, the record is in table dead_letter",
          letter.where(), split.describe());
      batch.deadLetter(letter);
    }
  }

  /** Verdict keys are "testbed|run". */
  private static String testbedOfKey(byte[] key) {
    String k = key == null ? "" : new String(key, StandardCharsets.UTF_8);
    int bar = k.indexOf('|');
    return bar < 0 ? k : k.substring(0, bar);
  }
}
