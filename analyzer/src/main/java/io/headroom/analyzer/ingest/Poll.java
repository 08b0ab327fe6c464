package io.headroom.analyzer.ingest;

import io.headroom.analyzer.store.IngestBatch;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * One poll of the topics, decoded and waiting to be stored in one transaction, with where it
 * starts and ends on each partition: the ends are committed once it is stored, the starts are
 * where the consumer seeks back to when it is given up unstored.
 *
 * @param records what the store writes (tombstones left out)
 * @param all the records' batches as one, what the store writes when it writes the poll whole
 * @param messages every message of the poll, tombstones included
 */
record Poll(List<Consumed> records, IngestBatch all, int messages, Map<TopicPartition, Long> firstOffsets,
    Map<TopicPartition, OffsetAndMetadata> nextOffsets) {

  static Poll of(ConsumerRecords<byte[], byte[]> polled, RecordDecoder decoder) {
    Map<TopicPartition, Long> first = new HashMap<>();
    Map<TopicPartition, OffsetAndMetadata> next = new HashMap<>();
    for (TopicPartition tp : polled.partitions()) {
      List<ConsumerRecord<byte[], byte[]>> part = polled.records(tp);
      first.put(tp, part.get(0).offset());
      next.put(tp, new OffsetAndMetadata(part.get(part.size() - 1).offset() + 1));
    }
    List<Consumed> records = decoder.decode(polled);
    IngestBatch all = new IngestBatch();
    records.forEach(r -> all.addAll(r.batch()));
    // Worked out here, on the fetching thread, while the store thread keeps the database busy.
    all.groupSamplesByEntity();
    all.names();
    return new Poll(records, all, polled.count(), first, next);
  }
}
