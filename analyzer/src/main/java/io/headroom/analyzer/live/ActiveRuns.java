package io.headroom.analyzer.live;

import io.headroom.model.Run;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The runs this analyzer judges live: those whose run records it ingested (so, with several
 * analyzers, each run is judged by the one that owns its partition of the runs topic). A run
 * stays active while it has no end, and for {@link #LINGER_S} seconds after, so its final verdict
 * covers its last samples.
 */
public final class ActiveRuns {
  static final double LINGER_S = 15;
  private final Map<String, Entry> runs = new ConcurrentHashMap<>();

  /** A run as last ingested, with the testbed it belongs to. */
  public record Entry(String testbed, Run run) {
    String key() {
      return testbed + "|" + run.run();
    }
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
