package io.headroom.analyzer.live;

import io.headroom.model.Run;
import org.apache.kafka.common.utils.Utils;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The runs this analyzer judges live: those whose run records it ingested (so, with several
 * analyzers, each run is judged by the one that owns its partition of the runs topic). A run
 * stays active while it has no end, and for {@link #LINGER_S} seconds after, so its final verdict
 * covers its last samples.
 */
public final class ActiveRuns {
  public static final double LINGER_S = 15;
  private final Map<String, Entry> runs = new ConcurrentHashMap<>();
  private final Runnable whenSamplesStored;

  public ActiveRuns() {
    this(() -> {});
  }

  /**
   * @param whenSamplesStored told each time the ingest has stored samples while some run is
   *     active, so a live round need not wait for its next period ({@link LiveRounds#nudge()})
   */
  public ActiveRuns(Runnable whenSamplesStored) {
    this.whenSamplesStored = whenSamplesStored;
  }

  /** The ingest committed samples: if a run is active, its live verdict may have changed. */
  public void samplesStored() {
    if (!runs.isEmpty()) {
      whenSamplesStored.run();
    }
  }

  /** A run as last ingested, with the testbed it belongs to. */
  public record Entry(String testbed, Run run) {
    String key() {
      return testbed + "|" + run.run();
    }
  }

  /**
   * The partition of the runs topic a run's records go to: Kafka's default partitioner for the
   * key {@code testbed|run} (murmur2), so an analyzer can tell which runs are its own.
   */
  public static int partition(String key, int partitions) {
    return Utils.toPositive(Utils.murmur2(key.getBytes(StandardCharsets.UTF_8))) % partitions;
  }

  /** Forgets the runs whose partition moved to another analyzer. */
  public void forget(Set<Integer> partitions, int partitionCount) {
    runs.keySet().removeIf(key -> partitions.contains(partition(key, partitionCount)));
  }

  /** The keys of the runs judged here (tests, logs). */
  public Set<String> keys() {
    return Set.copyOf(runs.keySet());
  }

  public void update(String testbed, Run run) {
    Entry e = new Entry(testbed, run);
    runs.put(e.key(), e);
  }

  /** The runs to judge at {@code now}; runs ended longer ago than the linger time are dropped. */
  public List<Entry> due(double now) {
    List<Entry> out = new ArrayList<>();
    for (Entry e : runs.values()) {
      if (e.run().end() != null && now - e.run().end() > LINGER_S) {
        runs.remove(e.key());
      } else {
        out.add(e);
      }
    }
    return out;
  }
}
