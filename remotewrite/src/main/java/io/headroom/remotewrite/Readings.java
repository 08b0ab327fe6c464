package io.headroom.remotewrite;

import io.headroom.model.kafka.Point;
import io.headroom.model.kafka.SampleBatch;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * Readings as remote-write series: one series per Headroom series (testbed, entity, metric), named
 * by {@link PromNames}, labelled {@code testbed}, {@code entity} and {@code kind}; no run label
 * (docs/metrics/prometheus-names.md says why). Within a request each series' samples are in timestamp
 * order; a reading not later than the series' last in the same request (two readings in one
 * millisecond) is left out and counted. The same readings make the same requests whatever order
 * they came in (series sorted by testbed, entity, metric): a request sent again after a crash must
 * be the request it was (ForwardLoop).
 */
public final class Readings {
  private final SeriesLabels labels;
  /** By entity, then metric: one key made per batch, not per point. */
  private final Map<EntityKey, Entity> pending = new HashMap<>();
  private int samples;
  private long sameMillisecond;

  /** {@code kindOf}: (testbed, entity) to the entity's kind, null when not known. */
  public Readings(PromNames names, BiFunction<String, String, String> kindOf) {
    this(new SeriesLabels(names, kindOf));
  }

  /** With the label blocks of the polls before (Forwarding keeps them). */
  public Readings(SeriesLabels labels) {
    this.labels = labels;
  }

  public void add(SampleBatch batch) {
    Entity e = entity(batch.testbed(), batch.entity());
    for (Point p : batch.points()) {
      e.series(p.metric()).add(millis(p.ts()), p.value());
    }
  }

  /**
   * One entity's series in these readings, to add a record's points to metric by metric (a
   * reader that looks each metric's series up once per record, not once per point).
   */
  public Entity entity(String testbed, String entity) {
    EntityKey key = new EntityKey(testbed, entity);
    Entity e = pending.get(key);
    if (e == null) {
      e = new Entity();
      pending.put(key, e);
    }
    return e;
  }

  /** The series of one entity, by metric. */
  public final class Entity {
    private final Map<String, Points> byMetric = new HashMap<>();
    /** The metric table of this entity's last batch and its series: the next batch nearly always has the same. */
    private String[] lastMetrics = new String[0];
    private Points[] lastSeries = new Points[0];

    /**
     * The series of each metric of a batch's table, in its order. A collector sends an entity's
     * metrics in the same table batch after batch, and the decoder hands out the same name
     * instances (NameCache), so a table like the last one is known by comparing references,
     * without a lookup per metric (which was a tenth of the forwarding loop's time). A series
     * looked up here and given no point is not sent.
     */
    public Points[] series(String[] metrics) {
      if (!sameNames(metrics, lastMetrics)) {
        Points[] series = new Points[metrics.length];
        for (int i = 0; i < metrics.length; i++) {
          series[i] = series(metrics[i]);
        }
        lastMetrics = metrics;
        lastSeries = series;
      }
      return lastSeries;
    }

    private static boolean sameNames(String[] a, String[] b) {
      if (a.length != b.length) {
        return false;
      }
      for (int i = 0; i < a.length; i++) {
        if (a[i] != b[i]) { // the same instances (NameCache); different ones are looked up, as the first time
          return false;
        }
      }
      return true;
    }

    public Points series(String metric) {
      Points points = byMetric.get(metric);
      if (points == null) {
        points = new Points();
        byMetric.put(metric, points);
      }
      return points;
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
    List<SeriesKey> keys = new ArrayList<>();
    pending.forEach((e, series) -> series.byMetric.keySet().forEach(m -> keys.add(new SeriesKey(e.testbed(), e.entity(), m))));
    keys.sort(null);
    List<List<TimeSeries>> out = new ArrayList<>();
    List<TimeSeries> current = new ArrayList<>();
    int inCurrent = 0;
    for (SeriesKey key : keys) {
      Points points = pending.get(new EntityKey(key.testbed(), key.entity())).byMetric.get(key.metric());
      if (points.n == 0) {
        continue; // a series of a batch's table none of whose points was kept
      }
      sameMillisecond += points.inOrderOnce();
      SeriesLabels.Block block = labels.of(key);
      for (int from = 0; from < points.n; ) {
        if (inCurrent == maxSamples) {
          out.add(current);
          current = new ArrayList<>();
          inCurrent = 0;
        }
        int to = Math.min(points.n, from + maxSamples - inCurrent);
        current.add(new TimeSeries(block.labels(), block.encoded(), points.ms, points.values, from, to));
        inCurrent += to - from;
        from = to;
      }
    }
    if (!current.isEmpty()) {
      out.add(current);
    }
    return out;
  }

  /**
   * Headroom's time (seconds, kept to the microsecond as the store keeps it) as Prometheus'
   * milliseconds, truncated: rounded to the microsecond first, so 12.345 s is 12345 ms although
   * 12.345 * 1000 is 12344.999... in binary.
   */
  public static long millis(double ts) {
    return Math.floorDiv(Math.round(ts * 1e6), 1000L);
  }

  /** One series' readings of the poll, in the order they came; put in time order once, when sent. */
  public final class Points {
    private long[] ms = new long[8];
    private double[] values = new double[8];
    private int n;
    private boolean ordered = true;

    private Points() {}

    /** A reading at {@code t} (milliseconds, {@link #millis}). */
    public void add(long t, double v) {
      samples++;
      if (n == ms.length) {
        ms = Arrays.copyOf(ms, n * 2);
        values = Arrays.copyOf(values, n * 2);
      }
      if (n > 0 && t <= ms[n - 1]) {
        ordered = false;
      }
      ms[n] = t;
      values[n] = v;
      n++;
    }

    /**
     * Sorts by time (stable: of readings in one millisecond the first that came stays) and leaves
     * out the later ones of a millisecond; returns how many it left out. Nearly always they came in
     * order, and this is one look at a flag.
     */
    int inOrderOnce() {
      if (ordered) {
        return 0;
      }
      Integer[] order = new Integer[n];
      for (int i = 0; i < n; i++) {
        order[i] = i;
      }
      Arrays.sort(order, Comparator.comparingLong(i -> ms[i]));
      long[] sortedMs = new long[n];
      double[] sortedValues = new double[n];
      int kept = 0;
      for (int i : order) {
        if (kept == 0 || ms[i] > sortedMs[kept - 1]) {
          sortedMs[kept] = ms[i];
          sortedValues[kept] = values[i];
          kept++;
        }
      }
      int left = n - kept;
      ms = sortedMs;
      values = sortedValues;
      n = kept;
      ordered = true;
      return left;
    }
  }

  private record EntityKey(String testbed, String entity) {}

  record SeriesKey(String testbed, String entity, String metric) implements Comparable<SeriesKey> {
    private static final Comparator<SeriesKey> ORDER = Comparator.comparing(SeriesKey::testbed)
        .thenComparing(SeriesKey::entity).thenComparing(SeriesKey::metric);

    @Override
    public int compareTo(SeriesKey o) {
      return ORDER.compare(this, o);
    }
  }
}
