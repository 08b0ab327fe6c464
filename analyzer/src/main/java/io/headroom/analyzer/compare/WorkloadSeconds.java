package io.headroom.analyzer.compare;

import io.headroom.analyzer.data.RunData;
import io.headroom.analyzer.data.Series;
import io.headroom.analyzer.data.Window;
import io.headroom.model.Metrics;
import java.util.Arrays;
import java.util.Collection;
import java.util.TreeMap;

/**
 * What a phase's workloads reported, second by second (readings stamped within the same second
 * are one second), summed over the workloads: the samples the significance test compares.
 *
 * @param bytes read plus write bytes/s
 * @param iops read plus write IOPS
 * @param latency the I/O-weighted mean of the read and write latencies that second
 * @param p99 the worst workload's p99 latency that second; empty when no workload reports it
 * @param readBytes read bytes in all seconds, for the mix (read share)
 * @param readIops read IOPS in all seconds
 * @param weightedLatency latency x IOPS summed over all seconds, for the phase's mean latency
 * @param latencyWeight the IOPS that weight the latencies, summed over all seconds
 */
public record WorkloadSeconds(double[] bytes, double[] iops, double[] latency, double[] p99,
    double readBytes, double readIops, double weightedLatency, double latencyWeight) {
  /** Slots of one second's sums. */
  private static final int READ_BYTES = 0;
  private static final int WRITE_BYTES = 1;
  private static final int READ_IOPS = 2;
  private static final int WRITE_IOPS = 3;
  private static final int LAT_X_IOPS = 4;
  private static final int LAT_WEIGHT = 5;
  private static final int P99 = 6;
  /** 1 when a throughput reading fell in the second: a second with only latencies adds no zero. */
  private static final int HAS_IO = 7;
  private static final int SLOTS = 8;

  public static WorkloadSeconds of(RunData data, Window window, Collection<String> workloads) {
    TreeMap<Double, double[]> seconds = new TreeMap<>();
    for (String w : workloads) {
      add(data, w, Metrics.READ_BYTES_PER_S, window, seconds, READ_BYTES);
      add(data, w, Metrics.WRITE_BYTES_PER_S, window, seconds, WRITE_BYTES);
      add(data, w, Metrics.READ_IOPS, window, seconds, READ_IOPS);
      add(data, w, Metrics.WRITE_IOPS, window, seconds, WRITE_IOPS);
      weighted(data, w, Metrics.READ_LATENCY_S, Metrics.READ_IOPS, window, seconds);
      weighted(data, w, Metrics.WRITE_LATENCY_S, Metrics.WRITE_IOPS, window, seconds);
      worst(data, w, window, seconds);
    }
    int n = seconds.size();
    double[] bytes = new double[n];
    double[] iops = new double[n];
    double[] latency = new double[n];
    double[] p99 = new double[n];
    int nIo = 0;
    int nLatency = 0;
    int nP99 = 0;
    double readBytes = 0;
    double readIops = 0;
    double weightedLatency = 0;
    double latencyWeight = 0;
    for (double[] s : seconds.values()) {
      if (s[HAS_IO] > 0) {
        bytes[nIo] = s[READ_BYTES] + s[WRITE_BYTES];
        iops[nIo++] = s[READ_IOPS] + s[WRITE_IOPS];
      }
      readBytes += s[READ_BYTES];
      readIops += s[READ_IOPS];
      if (s[LAT_WEIGHT] > 0) {
        latency[nLatency++] = s[LAT_X_IOPS] / s[LAT_WEIGHT];
        weightedLatency += s[LAT_X_IOPS];
        latencyWeight += s[LAT_WEIGHT];
      }
      if (!Double.isNaN(s[P99])) {
        p99[nP99++] = s[P99];
      }
    }
    return new WorkloadSeconds(Arrays.copyOf(bytes, nIo), Arrays.copyOf(iops, nIo),
        Arrays.copyOf(latency, nLatency), Arrays.copyOf(p99, nP99), readBytes, readIops, weightedLatency,
        latencyWeight);
  }

  /** Mean bytes/s over the seconds; NaN with none. */
  public double meanBytes() {
    return mean(bytes);
  }

  public double meanIops() {
    return mean(iops);
  }

  /** The phase's mean latency: every I/O counts once, so a busy second weighs more than a quiet one. */
  public double meanLatency() {
    return latencyWeight > 0 ? weightedLatency / latencyWeight : Double.NaN;
  }

  /** The mean of the per-second p99 readings (the workloads report no phase-long percentile). */
  public double meanP99() {
    return mean(p99);
  }

  /** Reads' share of the bytes moved, else of the I/Os; NaN when the workloads moved nothing. */
  public double readShare() {
    double total = sum(bytes);
    if (total > 0) {
      return readBytes / total;
    }
    double ops = sum(iops);
    return ops > 0 ? readIops / ops : Double.NaN;
  }

  /** Bytes per I/O; NaN without both. */
  public double blockSize() {
    double ops = sum(iops);
    return ops > 0 && sum(bytes) > 0 ? sum(bytes) / ops : Double.NaN;
  }

  /** True when the throughput is compared in bytes: both sides moved bytes. */
  static boolean inBytes(WorkloadSeconds a, WorkloadSeconds b) {
    return a.meanBytes() > 0 && b.meanBytes() > 0;
  }

  private static void add(RunData data, String w, String metric, Window window,
      TreeMap<Double, double[]> seconds, int slot) {
    Series s = data.seriesOf(w).get(metric);
    if (s == null) {
      return;
    }
    double[] ts = s.timesBetween(window.from(), window.to());
    double[] vs = s.valuesBetween(window.from(), window.to());
    for (int i = 0; i < ts.length; i++) {
      double[] sec = second(seconds, ts[i]);
      sec[slot] += vs[i];
      sec[HAS_IO] = 1;
    }
  }

  /** Latency weighted by the same workload's IOPS in the same direction and second. */
  private static void weighted(RunData data, String w, String latencyMetric, String iopsMetric,
      Window window, TreeMap<Double, double[]> seconds) {
    Series lat = data.seriesOf(w).get(latencyMetric);
    Series ops = data.seriesOf(w).get(iopsMetric);
    if (lat == null || ops == null) {
      return;
    }
    TreeMap<Double, Double> iopsAt = new TreeMap<>();
    double[] ots = ops.timesBetween(window.from(), window.to());
    double[] ovs = ops.valuesBetween(window.from(), window.to());
    for (int i = 0; i < ots.length; i++) {
      iopsAt.merge(Math.floor(ots[i]), ovs[i], Double::sum);
    }
    double[] ts = lat.timesBetween(window.from(), window.to());
    double[] vs = lat.valuesBetween(window.from(), window.to());
    for (int i = 0; i < ts.length; i++) {
      double weight = iopsAt.getOrDefault(Math.floor(ts[i]), 0.0);
      if (weight > 0) {
        double[] s = second(seconds, ts[i]);
        s[LAT_X_IOPS] += vs[i] * weight;
        s[LAT_WEIGHT] += weight;
      }
    }
  }

  private static void worst(RunData data, String w, Window window, TreeMap<Double, double[]> seconds) {
    Series s = data.seriesOf(w).get(Metrics.LATENCY_P99_S);
    if (s == null) {
      return;
    }
    double[] ts = s.timesBetween(window.from(), window.to());
    double[] vs = s.valuesBetween(window.from(), window.to());
    for (int i = 0; i < ts.length; i++) {
      double[] sec = second(seconds, ts[i]);
      sec[P99] = Double.isNaN(sec[P99]) ? vs[i] : Math.max(sec[P99], vs[i]);
    }
  }

  private static double[] second(TreeMap<Double, double[]> seconds, double ts) {
    return seconds.computeIfAbsent(Math.floor(ts), k -> {
      double[] s = new double[SLOTS];
      s[P99] = Double.NaN;
      return s;
    });
  }

  private static double mean(double[] v) {
    return v.length == 0 ? Double.NaN : sum(v) / v.length;
  }

  private static double sum(double[] v) {
    double s = 0;
    for (double x : v) {
      s += x;
    }
    return s;
  }
}
