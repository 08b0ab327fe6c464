package io.headroom.analyzer.analysis;

import java.util.Arrays;

/** The readings of one metric of one entity, in arrival order; growable, primitive arrays. */
public final class Series {
  private double[] ts = new double[16];
  private double[] values = new double[16];
  private int size;

  public void add(double t, double v) {
    if (size == ts.length) {
      ts = Arrays.copyOf(ts, size * 2);
      values = Arrays.copyOf(values, size * 2);
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
    double[] out = new double[size];
    int n = 0;
    for (int i = 0; i < size; i++) {
      if (ts[i] >= from && ts[i] < to) {
        out[n++] = values[i];
      }
    }
    return Arrays.copyOf(out, n);
  }

  public double[] values() {
    return Arrays.copyOf(values, size);
  }
}
