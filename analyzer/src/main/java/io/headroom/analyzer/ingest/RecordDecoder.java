package io.headroom.analyzer.ingest;

import io.headroom.analyzer.store.DeadLetter;
import io.headroom.analyzer.store.IngestBatch;
import io.headroom.analyzer.store.KafkaPosition;
import io.headroom.model.TestbedName;
import io.headroom.model.Utf8;
import io.headroom.model.VerdictJson;
import io.headroom.model.kafka.NameCache;
import io.headroom.model.kafka.RecordJson;
import io.headroom.model.kafka.SampleBatchCodec;
import io.headroom.model.kafka.Topics;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns a poll's records into what the store writes. A record that cannot be read (not its
 * format, a count or length past its end, a name that is not UTF-8, a testbed that is not one)
 * becomes a dead letter (stored with the rest, so the poll can still be committed), not an
 * exception.
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

  IngestBatch batchOf(ConsumerRecord<byte[], byte[]> r) {
    IngestBatch batch = new IngestBatch();
    try {
      if (r.topic().equals(topics.samples())) {
        samples(r, batch);
      } else if (r.topic().equals(topics.verdicts())) {
        batch.verdict(testbedOfKey(r.key()), VerdictJson.fromJson(Utf8.decode(r.value())),
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
    } catch (RuntimeException | Error e) {
      if (!isTheRecords(e)) {
        throw e;
      }
      String reason = e instanceof IllegalArgumentException ? e.getMessage() : e.toString();
      DeadLetter letter = new DeadLetter(r.topic(), r.partition(), r.offset(), DeadLetter.UNDECODABLE, null,
          String.valueOf(reason), r.value());
      LOG.warn("setting aside undecodable record {} ({}); see table dead_letter", letter.where(), reason);
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

  /**
   * Whether a failure to decode a record is the record's: anything but the JVM's own trouble. The
   * decoders bound what they allocate by the record's bytes and refuse what they cannot read with
   * an IllegalArgumentException; anything else they throw (a StackOverflowError from nesting
   * deeper than a parser guards, a decoder's bug met by one record) still sets that one record
   * aside rather than stop the analyzer on it after every restart. A full heap or a class missing
   * from the installation is no record's fault: setting records aside for it would discard good
   * ones, so it ends the ingest (and the analyzer, exit 1, for its supervisor to restart).
   */
  static boolean isTheRecords(Throwable e) {
    return e instanceof StackOverflowError || !(e instanceof VirtualMachineError || e instanceof LinkageError);
  }

  /** Verdict keys are "testbed|run" (UTF-8), the testbed held to the rule of every testbed. */
  private static String testbedOfKey(byte[] key) {
    String k = key == null ? "" : Utf8.decode(key);
    int bar = k.indexOf('|');
    return TestbedName.checked(bar < 0 ? k : k.substring(0, bar));
  }
}
