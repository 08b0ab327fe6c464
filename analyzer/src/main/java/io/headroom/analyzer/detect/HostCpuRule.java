package io.headroom.analyzer.detect;

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
      Load l = Load.cpu(ctx, socket);
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
    double confidence = Finding.confidenceFor(top.pressure(), t);
    LittlesLaw little = LittlesLaw.of(ctx);
    if (little != null && !little.queuesFull(t)) {
      confidence += 0.05;
    }
    return Optional.of(new Finding(Bottleneck.HOST_CPU, top.entity(), top.pressure(), confidence,
        evidence));
  }

  /** A whole host being full is the plainer statement than one of its sockets; then pressure. */
  private static double rank(Context ctx, Load l) {
    boolean host = EntityKind.HOST_CPU.equals(ctx.entity(l.entity()).kind());
    return (host ? 10 : 0) + l.pressure();
  }
}
