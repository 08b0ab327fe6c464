package io.headroom.analyzer.remotewrite;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * One series of a remote-write request: its labels ({@code __name__} among them, sorted by name as
 * the protocol requires, none empty) and its samples in timestamp order (milliseconds).
 */
public final class TimeSeries {
  /** A sample value Prometheus reads as "this series ended here" (its staleness marker). */
  public static final double STALE = Double.longBitsToDouble(0x7ff0000000000002L);

  private final TreeMap<String, String> labels;
  private long[] timestamps = new long[4];
  private double[] values = new double[4];
  private int size;

  public TimeSeries(String name, Map<String, String> labels) {
    this.labels = new TreeMap<>();
    this.labels.put("__name__", name);
    labels.forEach((k, v) -> {
      if (v != null && !v.isEmpty()) { // an empty label value is the label's absence (spec 1.0)
        this.labels.put(k, v);
      }
    });
  }

  /**
   * Adds a sample; one not later than the last is left out (false): a series' samples go in
   * timestamp order, and two in one millisecond would be one Prometheus refuses if they differ.
   */
  public boolean add(long timestampMs, double value) {
    if (size > 0 && timestampMs <= timestamps[size - 1]) {
      return false;
    }
    if (size == timestamps.length) {
      timestamps = Arrays.copyOf(timestamps, size * 2);
      values = Arrays.copyOf(values, size * 2);
    }
    timestamps[size] = timestampMs;
    values[size] = value;
    size++;
    return true;
  }

  public Map<String, String> labels() {
    return labels;
  }

  public int size() {
    return size;
  }

  public long timestamp(int i) {
    return timestamps[i];
  }

  public double value(int i) {
    return values[i];
  }

  public long lastTimestamp() {
    return size == 0 ? Long.MIN_VALUE : timestamps[size - 1];
  }
}
