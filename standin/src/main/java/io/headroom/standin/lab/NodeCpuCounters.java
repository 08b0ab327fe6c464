package io.headroom.standin.lab;

import io.headroom.cgroup.CgroupCpu;
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
  private long lastMicros;
  private long elapsedUs;
  private long busyUs;
  private double owedUs;

  NodeCpuCounters(CgroupCpu cgroup, LongSupplier nanoClock, LongSupplier epochMillis) throws IOException {
    this.cgroup = cgroup;
    this.nanoClock = nanoClock;
    this.epochMillis = epochMillis;
    this.lastUsage = cgroup.usageNanos();
    this.lastMicros = nanoClock.getAsLong() / 1000;
  }

  /** Counters from now on (both start at 0, the node's "boot"). */
  public static NodeCpuCounters start(CgroupCpu cgroup) throws IOException {
    return new NodeCpuCounters(cgroup, System::nanoTime, System::currentTimeMillis);
  }

  /** The counters at this moment, read from the kernel. */
  public synchronized Map<String, Long> read() throws IOException {
    long usage = cgroup.usageNanos();
    double cpus = cgroup.cpus();
    long now = nanoClock.getAsLong() / 1000;
    // Whole microseconds, as ONTAP's counters are: a window whose busy is capped at its wall time
    // then gives exactly 100%, and the fraction of a microsecond left over is owed, not lost.
    long wallUs = now - lastMicros;
    double usedUs = (usage - lastUsage) / 1e3 / cpus + owedUs;
    long busy = Math.max(0, Math.min(Math.round(usedUs), wallUs));
    owedUs = usedUs - busy;
    elapsedUs += wallUs;
    busyUs += busy;
    lastUsage = usage;
    lastMicros = now;
    Map<String, Long> out = new LinkedHashMap<>();
    out.put("cpu_busy", busyUs);
    out.put("cpu_elapsed_time", elapsedUs);
    out.put("time", epochMillis.getAsLong() / 1000);
    return out;
  }
}
