package io.headroom.analyzer.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.analyzer.store.IngestBatch;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

/**
 * Which stored polls' offsets may go to Kafka: only those whose commit the server has flushed,
 * read on the connection they were committed on, oldest first.
 */
class AwaitingFlushTest {
  private static final TopicPartition P0 = new TopicPartition("samples", 0);
  private static final TopicPartition P1 = new TopicPartition("samples", 1);
  private final Object connection = new Object();
  private final Object reconnected = new Object();
  private final AwaitingFlush awaiting = new AwaitingFlush();

  /** A poll of partition {@code tp}'s records {@code first} to {@code next - 1}. */
  private static Poll poll(TopicPartition tp, long first, long next) {
    return new Poll(List.of(), new IngestBatch(), (int) (next - first), Map.of(tp, first),
        Map.of(tp, new OffsetAndMetadata(next)));
  }

  @Test
  void aPollIsReleasedWhenTheFlushReachesItsCommitNotABytesBefore() {
    assertTrue(awaiting.isEmpty());
    awaiting.add(poll(P0, 0, 10), 5_000, connection);
    assertEquals(Map.of(), awaiting.release(connection, 4_999));
    assertEquals(1, awaiting.size());
    assertFalse(awaiting.isEmpty());
    assertEquals(Map.of(P0, new OffsetAndMetadata(10)), awaiting.release(connection, 5_000));
    assertTrue(awaiting.isEmpty());
  }

  @Test
  void pollsAreReleasedOldestFirstAndTheLaterOffsetOfAPartitionWins() {
    awaiting.add(poll(P0, 0, 10), 1_000, connection);
    awaiting.add(poll(P1, 0, 7), 2_000, connection);
    awaiting.add(poll(P0, 10, 25), 3_000, connection);
    // flushed past the first two only: P0 stops at 10, the third poll waits
    assertEquals(Map.of(P0, new OffsetAndMetadata(10), P1, new OffsetAndMetadata(7)), awaiting.release(connection, 2_500));
    assertEquals(Map.of(P0, new OffsetAndMetadata(25)), awaiting.release(connection, 3_000));
  }

  @Test
  void aPollThatCommittedNothingWaitsOnlyForThoseBeforeIt() {
    awaiting.add(poll(P0, 0, 10), 1_000, connection);
    awaiting.add(poll(P1, 0, 3), 0, connection); // tombstones only: no commit
    assertEquals(Map.of(), awaiting.release(connection, 999));
    assertEquals(Map.of(P0, new OffsetAndMetadata(10), P1, new OffsetAndMetadata(3)), awaiting.release(connection, 1_000));
  }

  @Test
  void aFlushPositionReadOnAnotherConnectionReleasesNothing() {
    awaiting.add(poll(P0, 0, 10), 1_000, connection);
    // the server may have restarted without the commit: its new log can be past 1,000 already
    assertEquals(Map.of(), awaiting.release(reconnected, 1_000_000));
    assertEquals(1, awaiting.size());
  }

  @Test
  void pollsCommittedOnALostConnectionAreStoredAgainInTheirPlace() {
    Poll first = poll(P0, 0, 10);
    Poll second = poll(P0, 10, 20);
    awaiting.add(first, 1_000, connection);
    awaiting.add(second, 2_000, connection);
    assertEquals(List.of(first, second), awaiting.committedElsewhere(reconnected));
    assertEquals(List.of(), awaiting.committedElsewhere(connection));

    awaiting.storedAgain(first, 50, reconnected);
    // the second still names the lost connection: it blocks the line, and is still to be stored again
    assertEquals(Map.of(P0, new OffsetAndMetadata(10)), awaiting.release(reconnected, 50));
    assertEquals(List.of(second), awaiting.committedElsewhere(reconnected));
    awaiting.storedAgain(second, 80, reconnected);
    assertEquals(Map.of(), awaiting.release(reconnected, 79));
    assertEquals(Map.of(P0, new OffsetAndMetadata(20)), awaiting.release(reconnected, 80));
  }

  @Test
  void aLostConnectionsPollAtTheHeadHoldsBackLaterOnesAlreadyFlushed() {
    awaiting.add(poll(P0, 0, 10), 1_000, connection);
    awaiting.add(poll(P0, 10, 20), 60, reconnected);
    assertEquals(Map.of(), awaiting.release(reconnected, 100));
  }

  @Test
  void withdrawnThePollsComeBackOldestFirst() {
    Poll first = poll(P0, 0, 10);
    Poll second = poll(P1, 0, 5);
    awaiting.add(first, 1_000, connection);
    awaiting.add(second, 2_000, connection);
    assertEquals(List.of(first, second), awaiting.takeAll());
    assertTrue(awaiting.isEmpty());
    assertEquals(Map.of(), awaiting.release(connection, Long.MAX_VALUE));
  }

  @Test
  void storingAgainAPollNotWaitingIsAMistakeSaidAloud() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> awaiting.storedAgain(poll(P0, 3, 4), 10, connection));
    assertEquals("not a poll awaiting the flush: {samples-0=3}", e.getMessage());
  }
}
