package io.headroom.analyzer.data;

import java.util.Arrays;

/** The readings of one metric of one entity, in arrival order; growable, primitive arrays. */
public final class Series {
  private double[] ts = new double[16];
  private double[] values = new double[16];
  private int size;
  /** True while every reading came at or after the one before: windows then cut by bisection. */
  private boolean ordered = true;

  public void add(double t, double v) {
    if (size == ts.length) {
      ts = Arrays.copyOf(ts, size * 2);
      values = Arrays.copyOf(values, size * 2);
    }
    if (size > 0 && t < ts[size - 1]) {
      ordered = false;
    }
    ts[size] = t;
    values[size] = v;
    size++;
  }

  public int size() {
    return size;
  }

  public double ts(int i) {
    return ts[i];
  }

  public double value(int i) {
    return values[i];
  }

  /** The values whose time lies in [from, to); to may be infinite. */
  public double[] valuesBetween(double from, double to) {
    if (ordered) {
      int lo = firstAtOrAfter(from);
      return Arrays.copyOfRange(values, lo, Math.max(lo, firstAtOrAfter(to)));
    }
    double[] out = new double[size];
    int n = 0;
    for (int i = 0; i < size; i++) {
      if (ts[i] >= from && ts[i] < to) {
        out[n++] = values[i];
      }
    }
    return Arrays.copyOf(out, n);
  }

  /** How many readings lie in [from, to). */
  public int countBetween(double from, double to) {
    if (ordered) {
      return Math.max(0, firstAtOrAfter(to) - firstAtOrAfter(from));
    }
    int n = 0;
    for (int i = 0; i < size; i++) {
      if (ts[i] >= from && ts[i] < to) {
        n++;
      }
    }
    return n;
  }

  /** Timestamps in [from, to), in the same order as {@link #valuesBetween}. */
  public double[] timesBetween(double from, double to) {
    if (ordered) {
      int lo = firstAtOrAfter(from);
      return Arrays.copyOfRange(ts, lo, Math.max(lo, firstAtOrAfter(to)));
    }
    double[] out = new double[size];
    int n = 0;
    for (int i = 0; i < size; i++) {
      if (ts[i] >= from && ts[i] < to) {
        out[n++] = ts[i];
      }
    }
    return Arrays.copyOf(out, n);
  }

  /** Index of the first reading at or after t, size when none (only valid while ordered). */
  private int firstAtOrAfter(double t) {
    int lo = 0;
    int hi = size;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (ts[mid] < t) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  public double[] values() {
    return Arrays.copyOf(values, size);
  }
}
