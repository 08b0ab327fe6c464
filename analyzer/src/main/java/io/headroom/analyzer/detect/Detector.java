package io.headroom.analyzer.detect;

import io.headroom.model.Bottleneck;
import io.headroom.model.EntityKind;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Runs every rule over a window and names one limit. The finding pressing hardest on its ceiling
 * is primary; the others at their ceiling are reported beside it, and a near tie lowers the
 * confidence. When no rule fires the class is NONE: the benchmark's own concurrency set the pace.
 */
public final class Detector {
  private final List<Rule> rules;
  private final Thresholds thresholds;

  public Detector(Thresholds thresholds) {
    this(thresholds, List.of(new PcieRule(), new NetworkRule(), new DiskRule(), new ArrayCpuRule(),
        new HostCpuRule(), new NumaRule()));
  }

  /** @param rules in precedence order: on equal pressure the earlier rule is primary */
  public Detector(Thresholds thresholds, List<Rule> rules) {
    this.thresholds = thresholds.validate();
    this.rules = List.copyOf(rules);
  }

  public Thresholds thresholds() {
    return thresholds;
  }

  public PhaseDecision decide(Context ctx) {
    List<Finding> findings = findings(ctx);
    List<String> evidence = new ArrayList<>();
    if (findings.isEmpty()) {
      double confidence = none(ctx, evidence);
      evidence.addAll(WorkloadSignals.notes(ctx));
      evidence.addAll(Bystanders.notes(ctx));
      return new PhaseDecision(ctx.window().name(), Bottleneck.NONE, null, confidence, evidence);
    }
    Finding primary = findings.get(0);
    double confidence = primary.confidence();
    evidence.addAll(primary.evidence());
    for (Finding other : findings.subList(1, findings.size())) {
      boolean tie = primary.pressure() - other.pressure() < thresholds.nearTie();
      evidence.add((tie ? "also at its ceiling (co-limit): " : "also at its ceiling: ")
          + other.bottleneck() + " " + other.entity() + ": " + other.evidence().get(0));
      if (tie) {
        confidence = Math.min(confidence, primary.confidence() * 0.8);
      }
    }
    evidence.addAll(WorkloadSignals.notes(ctx));
    evidence.addAll(Bystanders.notes(ctx));
    return new PhaseDecision(ctx.window().name(), primary.bottleneck(), primary.entity(),
        round(confidence), evidence);
  }

  /** The rules' findings, those explained by another removed, hardest pressure first. */
  List<Finding> findings(Context ctx) {
    List<Finding> found = new ArrayList<>();
    for (Rule rule : rules) {
      Optional<Finding> f = rule.evaluate(ctx);
      f.ifPresent(found::add);
    }
    Set<Bottleneck> explained = new HashSet<>();
    for (Finding f : found) {
      explained.addAll(f.explains());
    }
    List<Finding> kept = new ArrayList<>();
    for (Finding f : found) {
      if (!explained.contains(f.bottleneck())) {
        kept.add(f);
      }
    }
    // Stable sort: equal pressure keeps rule order.
    kept.sort(Comparator.comparingDouble(Finding::pressure).reversed());
    return kept;
  }

  /** Evidence for NONE; returns its confidence, higher the further the path is from any ceiling. */
  private double none(Context ctx, List<String> evidence) {
    Load tightest = PathLoads.tightestDevice(ctx);
    Load cpu = Load.max(first(PathLoads.of(ctx, EntityKind.ARRAY_CPU)),
        first(PathLoads.clientCpus(ctx)));
    Load top = Load.max(tightest, cpu);
    if (top == null) {
      evidence.add("nothing on the data path has a known ceiling");
      return 0.3;
    }
    evidence.add("nothing on the data path at its ceiling: tightest " + top.describe() + " ("
        + Fmt.pct(top.pressure()) + " of practical, at its ceiling from "
        + Fmt.pct(thresholds.atCeiling()) + ")");
    return round(Math.max(0.5, Math.min(0.95, 0.5 + thresholds.atCeiling() - top.pressure())));
  }

  private static Load first(List<Load> loads) {
    return loads.isEmpty() ? null : loads.get(0);
  }

  static double round(double v) {
    return Math.round(v * 100) / 100.0;
  }
}
