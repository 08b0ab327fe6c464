package io.headroom.remotewrite;

import java.util.HashMap;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * The labels of each reading series, written as protobuf once and kept: a series is sent again
 * every poll, and encoding its four labels anew each time was most of what remote write cost
 * beyond decoding (bench/remotewrite). Kept per series until its kind changes (known later); at
 * most {@link #MAX} series, then it starts again (a testbed has thousands).
 */
public final class SeriesLabels {
  static final int MAX = 1 << 20;

  /** A series' name, labels and their protobuf, as one request after another sends them. */
  record Block(String kind, Map<String, String> labels, byte[] encoded) {}

  private final Map<Readings.SeriesKey, Block> blocks = new HashMap<>();
  private final PromNames names;
  private final BiFunction<String, String, String> kindOf;

  public SeriesLabels(PromNames names, BiFunction<String, String, String> kindOf) {
    this.names = names;
    this.kindOf = kindOf;
  }

  Block of(Readings.SeriesKey k) {
    String kind = kindOf.apply(k.testbed(), k.entity());
    Block b = blocks.get(k);
    if (b == null || !java.util.Objects.equals(b.kind(), kind)) {
      if (blocks.size() >= MAX) {
        blocks.clear();
      }
      Map<String, String> labels = new HashMap<>(4);
      labels.put("testbed", k.testbed());
      labels.put("entity", k.entity());
      labels.put("kind", kind);
      TimeSeries template = new TimeSeries(names.of(k.metric()), labels);
      b = new Block(kind, template.labels(), WriteRequest.labels(template.labels()));
      blocks.put(k, b);
    }
    return b;
  }
}
