package io.headroom.analyzer.remotewrite;

import io.headroom.model.kafka.Point;
import io.headroom.model.kafka.SampleBatch;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * Readings as remote-write series: one series per Headroom series (testbed, entity, metric), named
 * by {@link PromNames}, labelled {@code testbed}, {@code entity} and {@code kind}; no run label
 * (docs/metrics/prometheus.md says why). Within a request each series' samples are in timestamp
 * order; a reading not later than the series' last in the same request (two readings in one
 * millisecond) is left out and counted.
 */
public final class Readings {
  private final SeriesLabels labels;
  private final Map<SeriesKey, List<Point>> pending = new HashMap<>();
  private int samples;
  private long sameMillisecond;

  /** {@code kindOf}: (testbed, entity) to the entity's kind, null when not known. */
  public Readings(PromNames names, BiFunction<String, String, String> kindOf) {
    this(new SeriesLabels(names, kindOf));
  }

  /** With the label blocks of the polls before (Forwarding keeps them). */
  Readings(SeriesLabels labels) {
    this.labels = labels;
  }

  public void add(SampleBatch batch) {
    for (Point p : batch.points()) {
      pending.computeIfAbsent(new SeriesKey(batch.testbed(), batch.entity(), p.metric()), k -> new ArrayList<>()).add(p);
      samples++;
    }
  }

  public int samples() {
    return samples;
  }

  /** Readings left out for sharing a millisecond with the one before them in their series. */
  public long sameMillisecond() {
    return sameMillisecond;
  }

  /** The requests, each of at most {@code maxSamples} samples (a series split across two if it must). */
  public List<List<TimeSeries>> requests(int maxSamples) {
    List<List<TimeSeries>> out = new ArrayList<>();
    List<TimeSeries> current = new ArrayList<>();
    int inCurrent = 0;
    // sorted: the same readings make the same requests, whatever order the partitions came in
    List<SeriesKey> keys = new ArrayList<>(pending.keySet());
    keys.sort(null);
    for (SeriesKey key : keys) {
      List<Point> points = pending.get(key);
      if (!inOrder(points)) {
        points.sort(Comparator.comparingDouble(Point::ts)); // stable: a series' readings of one instant keep their order
      }
      SeriesLabels.Block block = labels.of(key);
      TimeSeries s = null;
      for (Point p : points) {
        if (s == null || inCurrent == maxSamples) {
          if (inCurrent == maxSamples) {
            out.add(current);
            current = new ArrayList<>();
            inCurrent = 0;
          }
          s = new TimeSeries(block.labels(), block.encoded());
          current.add(s);
        }
        if (s.add(millis(p.ts()), p.value())) {
          inCurrent++;
        } else {
          sameMillisecond++;
        }
      }
    }
    if (!current.isEmpty()) {
      out.add(current);
    }
    return out;
  }

  private static boolean inOrder(List<Point> points) {
    for (int i = 1; i < points.size(); i++) {
      if (points.get(i).ts() < points.get(i - 1).ts()) {
        return false;
      }
    }
    return true;
  }

  /**
   * Headroom's time (seconds, kept to the microsecond as the store keeps it) as Prometheus'
   * milliseconds, truncated: rounded to the microsecond first, so 12.345 s is 12345 ms although
   * 12.345 * 1000 is 12344.999... in binary.
   */
  public static long millis(double ts) {
    return Math.floorDiv(Math.round(ts * 1e6), 1000L);
  }

  record SeriesKey(String testbed, String entity, String metric) implements Comparable<SeriesKey> {
    private static final Comparator<SeriesKey> ORDER = Comparator.comparing(SeriesKey::testbed)
        .thenComparing(SeriesKey::entity).thenComparing(SeriesKey::metric);

    @Override
    public int compareTo(SeriesKey o) {
      return ORDER.compare(this, o);
    }
  }
}
