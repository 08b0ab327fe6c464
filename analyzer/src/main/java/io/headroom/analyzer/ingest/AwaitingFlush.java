package io.headroom.analyzer.ingest;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

/**
 * Polls stored with commits that do not wait for the server's disk, oldest first, each with the
 * WAL position its commit is at or before and the connection it was committed on. A poll's
 * offsets may go to Kafka only once the server has flushed its WAL past that position, read on
 * that same connection: a position read on another connection can come from a server that
 * crashed and restarted meanwhile, without the commit. Not thread-safe: the store stage guards it.
 */
final class AwaitingFlush {
  private record Entry(Poll poll, long walPosition, Object connection) {}

  private final List<Entry> entries = new ArrayList<>();

  /** {@code walPosition} 0: the poll committed nothing, so it waits only for the polls before it. */
  void add(Poll poll, long walPosition, Object connection) {
    entries.add(new Entry(poll, walPosition, connection));
  }

  /**
   * Takes out, oldest first, the polls committed on {@code connection} at or before {@code
   * flushed}, stopping at the first that is not; returns their next offsets, a later poll's
   * winning on a partition both read.
   */
  Map<TopicPartition, OffsetAndMetadata> release(Object connection, long flushed) {
    Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
    while (!entries.isEmpty() && entries.get(0).connection() == connection && entries.get(0).walPosition() <= flushed) {
      offsets.putAll(entries.remove(0).poll().nextOffsets());
    }
    return offsets;
  }

  /** The polls, oldest first, committed on another connection than {@code connection}: to be stored again. */
  List<Poll> committedElsewhere(Object connection) {
    return entries.stream().filter(e -> e.connection() != connection).map(Entry::poll).toList();
  }

  /** A poll stored again: it keeps its place in line, now waiting for {@code walPosition} on {@code connection}. */
  void storedAgain(Poll poll, long walPosition, Object connection) {
    for (int i = 0; i < entries.size(); i++) {
      if (entries.get(i).poll() == poll) {
        entries.set(i, new Entry(poll, walPosition, connection));
        return;
      }
    }
    throw new IllegalArgumentException("not a poll awaiting the flush: " + poll.firstOffsets());
  }

  /** Takes out every poll, oldest first (withdrawn: the consumer reads them again). */
  List<Poll> takeAll() {
    List<Poll> all = entries.stream().map(Entry::poll).toList();
    entries.clear();
    return all;
  }

  boolean isEmpty() {
    return entries.isEmpty();
  }

  int size() {
    return entries.size();
  }
}
