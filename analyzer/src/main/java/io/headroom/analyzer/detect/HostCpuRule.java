package io.headroom.analyzer.detect;

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
 * case, which explains this one away.
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
      return Optional.empty();
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
