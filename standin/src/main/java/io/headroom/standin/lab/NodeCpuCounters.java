package io.headroom.standin.lab;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * ONTAP's system:node CPU counters of a node whose CPUs are a cgroup's quota, as raw cumulative
 * counters (the counter manager's "raw" form; a figure needs two polls):
 *
 * <ul>
 *   <li>{@code cpu_elapsed_time}: wall time since this node "booted" (the first reading), in
 *       microseconds;
 *   <li>{@code cpu_busy}: microseconds of that time the node's CPUs were busy: the cgroup's CPU time
 *       over the CPUs it may use (0.2 CPU busy for 1 s is 1,000,000 us of CPU busy), so that
 *       100 x delta cpu_busy / delta cpu_elapsed_time is the share of its quota the cgroup used;
 *   <li>{@code time}: seconds since the epoch, a whole number as ONTAP gives it.
 * </ul>
 *
 * Real ONTAP's cpu_busy never runs ahead of cpu_elapsed_time (a percent of at most 100). CFS
 * accounts a period's runtime a little late, so a window can see the cgroup slightly above its
 * quota; that excess is carried to the next window with room rather than shown above 100% or
 * dropped, so over a run busy still adds up to the cgroup's CPU time.
 */
public final class NodeCpuCounters {
  private final CgroupCpu cgroup;
  private final LongSupplier nanoClock;
  private final LongSupplier epochMillis;
  private long lastUsage;
  private long lastNanos;
  private double elapsedUs;
  private double busyUs;
  private double owedUs;

  NodeCpuCounters(CgroupCpu cgroup, LongSupplier nanoClock, LongSupplier epochMillis) throws IOException {
    this.cgroup = cgroup;
    this.nanoClock = nanoClock;
    this.epochMillis = epochMillis;
    this.lastUsage = cgroup.usageNanos();
    this.lastNanos = nanoClock.getAsLong();
  }

  /** Counters from now on (both start at 0, the node's "boot"). */
  public static NodeCpuCounters start(CgroupCpu cgroup) throws IOException {
    return new NodeCpuCounters(cgroup, System::nanoTime, System::currentTimeMillis);
  }

  /** The counters at this moment, read from the kernel. */
  public synchronized Map<String, Long> read() throws IOException {
    long usage = cgroup.usageNanos();
    double cpus = cgroup.cpus();
    long now = nanoClock.getAsLong();
    double wallUs = (now - lastNanos) / 1e3;
    double usedUs = (usage - lastUsage) / 1e3 / cpus + owedUs;
    double busy = Math.min(usedUs, wallUs);
    owedUs = usedUs - busy;
    elapsedUs += wallUs;
    busyUs += busy;
    lastUsage = usage;
    lastNanos = now;
    Map<String, Long> out = new LinkedHashMap<>();
    out.put("cpu_busy", Math.round(busyUs));
    out.put("cpu_elapsed_time", Math.round(elapsedUs));
    out.put("time", epochMillis.getAsLong() / 1000);
    return out;
  }
}
