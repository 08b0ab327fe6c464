package io.headroom.analyzer.ingest;

import io.headroom.remotewrite.Readings;
import io.headroom.analyzer.store.IngestBatch;
import io.headroom.model.kafka.NameCache;
import io.headroom.model.kafka.SampleBatchCodec;
import io.headroom.model.kafka.Topics;
import io.headroom.model.recording.Domains.SampleDomain;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads a poll's records for remote write: the readings the ingest stores of them, and their
 * other records (topology, runs, verdicts) as the ingest decodes them. Sample batches, the bulk,
 * are checked by the ingest's own checks ({@link SampleBatchCodec#view}: a record the ingest sets
 * aside is left out whole; {@link SampleDomains#keeps}: a point out of its domain or of the store's
 * times is left out), but their points go into the readings as they are read, with no point,
 * batch or ingest batch made for each: making them was the forwarding loop's largest cost beside
 * the ingest's (docs/benchmarks.md, "Remote write").
 * One per forwarding loop: it keeps the names and metric domains it has seen across polls.
 */
final class ForwardDecoder {
  private static final Logger LOG = LoggerFactory.getLogger(ForwardDecoder.class);
  private final Topics topics;
  private final RecordDecoder records;
  private final NameCache names = new NameCache();
  private final SampleDomains domains = new SampleDomains();

  ForwardDecoder(Topics topics) {
    this.topics = topics;
    this.records = new RecordDecoder(topics);
  }

  /** Puts the samples of {@code unit} into {@code readings} and what else it holds into {@code others}. */
  void decode(List<ConsumerRecord<byte[], byte[]>> unit, Readings readings, List<IngestBatch> others) {
    for (ConsumerRecord<byte[], byte[]> r : unit) {
      if (r.value() == null) {
        continue; // a tombstone on the compacted topology topic: nothing to add
      }
      if (r.topic().equals(topics.samples())) {
        samples(r, readings);
      } else {
        others.add(records.batchOf(r));
      }
    }
  }

  private void samples(ConsumerRecord<byte[], byte[]> r, Readings readings) {
    SampleBatchCodec.View v;
    try {
      v = SampleBatchCodec.view(r.value(), names);
    } catch (RuntimeException | Error e) {
      if (!RecordDecoder.isTheRecords(e)) {
        throw e;
      }
      // the ingest sets it aside as a dead letter and says so; here it is only not sent
      LOG.debug("remote write leaves out undecodable record {}-{}@{}", r.topic(), r.partition(), r.offset());
      return;
    }
    String[] metrics = v.metrics();
    Readings.Points[] series = null;
    SampleDomain[] domain = new SampleDomain[metrics.length];
    for (int i = 0; i < v.count(); i++) {
      int m = v.metric(i);
      if (domain[m] == null) {
        domain[m] = domains.domainOf(metrics[m]);
      }
      double ts = v.micros(i) / 1_000_000d; // as the ingest reads it (SampleBatchCodec.decode)
      double value = v.value(i);
      if (SampleDomains.keeps(v.entity(), metrics[m], domain[m], ts, value)) {
        if (series == null) {
          series = readings.entity(v.testbed(), v.entity()).series(metrics);
        }
        series[m].add(Readings.millis(ts), value);
      }
    }
  }
}
