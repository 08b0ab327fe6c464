package io.headroom.remotewrite;

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

  private final Map<String, String> labels;
  /** The labels as WriteRequest fields, when written once for many requests ({@link SeriesLabels}); else null. */
  private final byte[] encodedLabels;
  private long[] timestamps = new long[4];
  private double[] values = new double[4];
  private int size;

  public TimeSeries(String name, Map<String, String> labels) {
    TreeMap<String, String> sorted = new TreeMap<>();
    sorted.put("__name__", name);
    labels.forEach((k, v) -> {
      if (v != null && !v.isEmpty()) { // an empty label value is the label's absence (spec 1.0)
        sorted.put(k, v);
      }
    });
    this.labels = java.util.Collections.unmodifiableMap(sorted);
    this.encodedLabels = null;
  }

  /**
   * A series whose labels (sorted, as {@link #labels()} of another) are already written as
   * protobuf, with samples {@code from} to {@code to} of arrays already in strictly increasing time.
   */
  TimeSeries(Map<String, String> labels, byte[] encodedLabels, long[] timestamps, double[] values, int from, int to) {
    this.labels = labels;
    this.encodedLabels = encodedLabels;
    this.timestamps = Arrays.copyOfRange(timestamps, from, to);
    this.values = Arrays.copyOfRange(values, from, to);
    this.size = to - from;
  }

  byte[] encodedLabels() {
    return encodedLabels;
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
