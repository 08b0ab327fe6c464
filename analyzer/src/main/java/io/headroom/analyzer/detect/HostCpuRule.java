package io.headroom.analyzer.detect;

import io.headroom.model.Rel;
import io.headroom.model.Metrics;
import io.headroom.model.Bottleneck;
import io.headroom.model.EntityKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * HOST_CPU: the client's CPUs, or the sockets the benchmark is pinned to, are full (study S4 near
 * 10M IOPS). Little's law backs it: a host that cannot submit fast enough keeps fewer I/Os in
 * flight than the benchmark asked for. A full socket the devices are not attached to is NUMA's
 * case, which explains this one away. A CPU that serves the path's interrupts (InterruptCpus) is
 * judged on its own: one CPU full of softirq work limits the run while the host averages 19%
 * (docs/detection.md, Granularity); a full host or socket is the plainer statement, so such a CPU
 * is named only when none of them is full.
 */
public final class HostCpuRule implements Rule {
  @Override
  public Bottleneck bottleneck() {
    return Bottleneck.HOST_CPU;
  }

  @Override
  public Optional<Finding> evaluate(Context ctx) {
    Thresholds t = ctx.thresholds();
    List<Load> cpus = PathLoads.clientCpus(ctx);
    for (String socket : ctx.path().workloadSockets()) {
      Load l = PathLoads.plausible(ctx, Load.cpu(ctx, socket));
      if (l != null) {
        cpus.add(l);
      }
    }
    Load top = null;
    List<String> full = new ArrayList<>();
    for (Load l : cpus) {
      if (l.value() >= t.cpuBusy()) {
        full.add(l.describe());
        if (top == null || rank(ctx, l) > rank(ctx, top)) {
          top = l;
        }
      }
    }
    if (top == null) {
      return interruptCpu(ctx);
    }
    List<String> evidence = new ArrayList<>();
    evidence.add(String.join(", ", full) + " (full from " + Fmt.frac(t.cpuBusy()) + ")");
    evidence.add(PathLoads.tightestDeviceNote(ctx));
    String waiting = waitingNote(ctx, top.entity());
    if (waiting != null) {
      evidence.add(waiting);
    }
    double confidence = Finding.confidenceFor(top.pressure(), t);
    LittlesLaw little = LittlesLaw.of(ctx);
    if (little != null && !little.queuesFull(t)) {
      confidence += 0.05;
    }
    return Optional.of(new Finding(Bottleneck.HOST_CPU, top, confidence, evidence));
  }

  /** Softirq and hard-irq time, from /proc/stat per CPU (docs/metrics/host.md). */
  static final String UTIL_SOFTIRQ = "util_softirq";
  static final String UTIL_IRQ = "util_irq";

  /**
   * The fullest client-side CPU that serves the path's interrupts, when it is full: "h1/cpu/7
   * util p95 1.00 (full from 0.90), softirq mean 0.83, irq mean 0.07, while h1/cpu averages 0.19:
   * it serves every interrupt of h1/net/ens1f0". Its role is why it is on the path, and the host
   * average is the evidence that a coarser view hides it.
   */
  private static Optional<Finding> interruptCpu(Context ctx) {
    Thresholds t = ctx.thresholds();
    Load top = null;
    for (String cpu : ctx.path().interruptCpus()) {
      Load l = ctx.path().onClientSide(cpu) ? PathLoads.plausible(ctx, Load.cpu(ctx, cpu)) : null;
      if (l != null && l.value() >= t.cpuBusy() && (top == null || l.pressure() > top.pressure())) {
        top = l;
      }
    }
    if (top == null) {
      return Optional.empty();
    }
    String cpu = top.entity();
    StringBuilder line = new StringBuilder(top.describe())
        .append(" (full from ").append(Fmt.frac(t.cpuBusy())).append(")");
    appendMean(line, ctx, cpu, UTIL_SOFTIRQ, "softirq");
    appendMean(line, ctx, cpu, UTIL_IRQ, "irq");
    String host = hostOf(ctx, cpu);
    double average = host == null ? Double.NaN : ctx.mean(host, Metrics.UTIL);
    if (!Double.isNaN(average)) {
      line.append(", while ").append(host).append(" averages ").append(Fmt.frac(average));
    }
    line.append(": it ").append(InterruptCpus.role(ctx, ctx.path().interruptsServedBy(cpu)));
    List<String> evidence = new ArrayList<>();
    evidence.add(line.toString());
    evidence.add(PathLoads.tightestDeviceNote(ctx));
    String waiting = host == null ? null : waitingNote(ctx, host);
    if (waiting != null) {
      evidence.add(waiting);
    }
    return Optional.of(new Finding(Bottleneck.HOST_CPU, top, Finding.confidenceFor(top.pressure(), t), evidence));
  }

  private static void appendMean(StringBuilder line, Context ctx, String cpu, String metric, String word) {
    double mean = ctx.mean(cpu, metric);
    if (!Double.isNaN(mean)) {
      line.append(", ").append(word).append(" mean ").append(Fmt.frac(mean));
    }
  }

  /** The host_cpu a CPU belongs to, up its {@code on} relations (cpu on socket on host); null if none. */
  static String hostOf(Context ctx, String cpu) {
    String at = cpu;
    for (int hops = 0; hops < 3; hops++) {
      List<String> up = ctx.path().related(at, Rel.ON.wire());
      if (up.isEmpty()) {
        return null;
      }
      at = up.get(0);
      if (EntityKind.HOST_CPU.equals(ctx.entity(at).kind())) {
        return at;
      }
    }
    return null;
  }

  /**
   * What the kernel says about tasks waiting for a CPU on that host, when the host source read it:
   * pressure stall (share of time some task waited) and the run queue against the CPU count.
   */
  static String waitingNote(Context ctx, String cpuEntity) {
    double psi = ctx.p95(cpuEntity, Metrics.PSI_CPU_SOME);
    double running = ctx.p95(cpuEntity, Metrics.PROCS_RUNNING);
    double cpus = ctx.attrNumber(cpuEntity, "cpu_count");
    List<String> parts = new ArrayList<>();
    if (!Double.isNaN(psi)) {
      parts.add("psi_cpu_some p95 " + Fmt.frac(psi) + " (share of time some task waited for a CPU)");
    }
    if (!Double.isNaN(running)) {
      parts.add("run queue p95 " + Fmt.num(running) + (Double.isNaN(cpus) ? "" : " on " + Fmt.num(cpus) + " CPUs"));
    }
    return parts.isEmpty() ? null : cpuEntity + " " + String.join("; ", parts);
  }

  /** A whole host being full is the plainer statement than one of its sockets; then pressure. */
  private static double rank(Context ctx, Load l) {
    boolean host = EntityKind.HOST_CPU.equals(ctx.entity(l.entity()).kind());
    return (host ? 10 : 0) + l.pressure();
  }
}
