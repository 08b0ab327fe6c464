package io.headroom.analyzer.detect;

import io.headroom.model.Bottleneck;
import io.headroom.model.EntityKind;
import io.headroom.model.LimitGroup;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * ARRAY_CPU: storage controllers or SDS nodes serving the run's volumes are full. The evidence
 * sets them against the hosts' CPUs and the tightest port, which is how a person convinces
 * themselves that neither side of the wire was the limit (study S5).
 */
public final class ArrayCpuRule implements Rule {
  @Override
  public Bottleneck bottleneck() {
    return Bottleneck.ARRAY_CPU;
  }

  @Override
  public Optional<Finding> evaluate(Context ctx) {
    List<Load> nodes = PathLoads.of(ctx, EntityKind.ARRAY_CPU);
    List<String> full = new ArrayList<>();
    for (Load l : nodes) {
      if (l.value() >= ctx.thresholds().cpuBusy()) {
        full.add(l.describe());
      }
    }
    if (full.isEmpty()) {
      return Optional.empty();
    }
    Load top = nodes.get(0);
    StringBuilder line = new StringBuilder(String.join(", ", full));
    line.append(" (full from ").append(Fmt.frac(ctx.thresholds().cpuBusy())).append(')');
    String hosts = PathLoads.hostsNote(ctx);
    if (hosts != null) {
      line.append("; ").append(hosts);
    }
    String port = PathLoads.tightestPortNote(ctx);
    if (port != null) {
      line.append("; ").append(port);
    }
    List<String> evidence = new ArrayList<>();
    evidence.add(line.toString());
    LimitGroup group = Groups.of(ctx, "array nodes on the path", nodes);
    if (group != null) {
      evidence.add(Groups.describe(group, nodes, "the array is the limit, not one node"));
    }
    double confidence = Finding.confidenceFor(top.pressure(), ctx.thresholds());
    return Optional.of(new Finding(Bottleneck.ARRAY_CPU, top, confidence, evidence).withGroup(group));
  }
}
