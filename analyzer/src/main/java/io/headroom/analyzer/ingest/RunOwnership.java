package io.headroom.analyzer.ingest;

import io.headroom.analyzer.live.ActiveRuns;
import io.headroom.analyzer.store.Database;
import io.headroom.analyzer.store.IngestBatch;
import io.headroom.analyzer.store.OpenRuns;
import java.sql.SQLException;
import java.util.Collection;
import java.util.HashSet;
import java.util.Set;
import java.util.function.IntSupplier;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the live verdicts with the analyzer that owns each run's partition of the runs topic:
 * runs of a partition taken away are forgotten; runs of a partition received are read from the
 * database (their announcing records were consumed, and committed, by the previous owner).
 * Runs on the consumer's thread, with a connection of its own (the store's belongs to its thread).
 */
final class RunOwnership {
  private static final Logger LOG = LoggerFactory.getLogger(RunOwnership.class);
  private final String runsTopic;
  private final Database database;
  private final ActiveRuns activeRuns;
  private final IntSupplier runsPartitionCount;

  RunOwnership(String runsTopic, Database database, ActiveRuns activeRuns, IntSupplier runsPartitionCount) {
    this.runsTopic = runsTopic;
    this.database = database;
    this.activeRuns = activeRuns;
    this.runsPartitionCount = runsPartitionCount;
  }

  void revoked(Collection<TopicPartition> partitions) {
    Set<Integer> runs = runsPartitions(partitions);
    if (!runs.isEmpty()) {
      activeRuns.forget(runs, runsPartitionCount.getAsInt());
    }
  }

  void assigned(Collection<TopicPartition> partitions) {
    Set<Integer> runs = runsPartitions(partitions);
    if (runs.isEmpty()) {
      return;
    }
    int count = runsPartitionCount.getAsInt();
    try {
      for (IngestBatch.TestbedRun r : OpenRuns.load(database.connection(), ActiveRuns.LINGER_S)) {
        if (runs.contains(ActiveRuns.partition(r.testbed() + "|" + r.run().run(), count))) {
          activeRuns.update(r.testbed(), r.run());
          LOG.info("taking over live verdicts of run {} of {}", r.run().run(), r.testbed());
        }
      }
    } catch (SQLException e) {
      database.discard();
      LOG.warn("cannot read open runs from {} ({}); they are judged here from their next run record",
          database, e.getMessage());
    }
  }

  void close() {
    database.close();
  }

  private Set<Integer> runsPartitions(Collection<TopicPartition> partitions) {
    Set<Integer> out = new HashSet<>();
    for (TopicPartition tp : partitions) {
      if (tp.topic().equals(runsTopic)) {
        out.add(tp.partition());
      }
    }
    return out;
  }
}
