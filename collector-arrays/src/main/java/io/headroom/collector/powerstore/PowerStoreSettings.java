package io.headroom.collector.powerstore;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The powerstore source's own keys (the endpoint keys, url, username, password_env, tls, ..., are
 * {@link io.headroom.collector.remote.RemoteEndpoint}'s).
 *
 * @param cpuUnit how the array reports io_workload_cpu_utilization: {@code fraction} (0..1) by
 *     default, as real arrays answer despite the reference's word "percentage" (Dell's own
 *     powerstore-metrics-exporter multiplies it by 100 to show percent, idle PowerStore 1000T rows
 *     read 6.8e-4; docs/metrics/powerstore.md cites them); {@code percent} (0..100) kept for a
 *     release that reports it so. Either way Headroom's util is a fraction.
 * @param volumeMetrics read performance_metrics_by_volume for every volume mapped to a host
 *     (one request per volume per scrape)
 * @param maxVolumes at most this many mapped volumes get per-volume metrics (rate limits)
 */
public record PowerStoreSettings(CpuUnit cpuUnit, Boolean volumeMetrics, Integer maxVolumes) {
  /** The two readings of io_workload_cpu_utilization. */
  public enum CpuUnit {
    PERCENT(100.0),
    FRACTION(1.0);

    private final double full;

    CpuUnit(double full) {
      this.full = full;
    }

    /** The value that means every core busy. */
    public double full() {
      return full;
    }
  }

  public static final int DEFAULT_MAX_VOLUMES = 64;
  /** What real arrays send (see {@link #cpuUnit}); discover says when this default was taken. */
  public static final CpuUnit DEFAULT_CPU_UNIT = CpuUnit.FRACTION;

  public PowerStoreSettings {
    volumeMetrics = volumeMetrics == null || volumeMetrics;
    maxVolumes = maxVolumes == null ? DEFAULT_MAX_VOLUMES : maxVolumes;
  }

  /** The unit io_workload_cpu_utilization is read in: the one set, else {@link #DEFAULT_CPU_UNIT}. */
  public CpuUnit unit() {
    return cpuUnit == null ? DEFAULT_CPU_UNIT : cpuUnit;
  }

  /** Which reading was taken, for discover: the unit can be ambiguous, so it is always said. */
  String unitNote() {
    return "cpu_unit " + unit().name().toLowerCase(Locale.ROOT)
        + (cpuUnit == null ? " (default; see docs/metrics/powerstore.md)" : " (set in the testbed)");
  }

  public List<String> validate() {
    List<String> problems = new ArrayList<>();
    if (maxVolumes < 0) {
      problems.add("max_volumes: must be 0 or more");
    }
    return problems;
  }
}
