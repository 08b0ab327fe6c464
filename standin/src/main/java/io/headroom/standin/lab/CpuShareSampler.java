package io.headroom.standin.lab;

import io.headroom.cgroup.CgroupCpu;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Reads a cgroup's CPU time every {@code window} and keeps the share of its CPUs it used in the
 * last whole window, as a BMC's usage sensor holds its last computed figure between polls. Polls
 * then never change the figure, and two clients polling at once see the same one.
 */
public final class CpuShareSampler implements AutoCloseable {
  private final CgroupCpu cgroup;
  private final ScheduledExecutorService timer;
  private long lastUsage = -1;
  private long lastNanos;
  private volatile Double share;
  private volatile String failure;

  CpuShareSampler(CgroupCpu cgroup) {
    this.cgroup = cgroup;
    this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "cgroup-cpu-sampler");
      t.setDaemon(true);
      return t;
    });
  }

  public static CpuShareSampler start(CgroupCpu cgroup, Duration window) {
    CpuShareSampler s = new CpuShareSampler(cgroup);
    s.timer.scheduleAtFixedRate(() -> s.sample(System.nanoTime()), 0, window.toNanos(), TimeUnit.NANOSECONDS);
    return s;
  }

  /** The share of the last whole window (0..1), or null before the first one or after a failed read. */
  public Double share() {
    return share;
  }

  /** Why the last read failed (the cgroup is gone, say), or null. */
  public String failure() {
    return failure;
  }

  /** One reading at monotonic time {@code now} (ns): the share since the previous one. */
  synchronized void sample(long now) {
    try {
      long usage = cgroup.usageNanos();
      double cpus = cgroup.cpus();
      if (lastUsage >= 0 && now > lastNanos) {
        share = CgroupCpu.share(usage - lastUsage, now - lastNanos, cpus);
      }
      lastUsage = usage;
      lastNanos = now;
      failure = null;
    } catch (IOException | RuntimeException e) {
      share = null; // no reading, never a stale or made-up one
      lastUsage = -1;
      failure = String.valueOf(e.getMessage());
    }
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }
}
