package io.headroom.collector.powerstore;

import java.util.ArrayList;
import java.util.List;

/**
 * The powerstore source's own keys (the endpoint keys, url, username, password_env, tls, ..., are
 * {@link io.headroom.collector.remote.RemoteEndpoint}'s).
 *
 * @param cpuUnit how the array reports io_workload_cpu_utilization: Dell's reference calls it "the
 *     percentage of CPU utilization", so {@code percent} (0..100) is the default; {@code fraction}
 *     (0..1) for a release that reports it so. Either way Headroom's util is a fraction.
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

  public PowerStoreSettings {
    cpuUnit = cpuUnit == null ? CpuUnit.PERCENT : cpuUnit;
    volumeMetrics = volumeMetrics == null || volumeMetrics;
    maxVolumes = maxVolumes == null ? DEFAULT_MAX_VOLUMES : maxVolumes;
  }

  public List<String> validate() {
    List<String> problems = new ArrayList<>();
    if (maxVolumes < 0) {
      problems.add("max_volumes: must be 0 or more");
    }
    return problems;
  }
}
