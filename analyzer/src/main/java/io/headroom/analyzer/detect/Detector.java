package io.headroom.analyzer.detect;

import io.headroom.model.Bottleneck;
import io.headroom.model.CoLimit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Runs every rule over a window and names one limit. A rule's finding is a limit only when its
 * resource stayed at its ceiling for a sustained share of the window and the workload shows it
 * (Sustained); otherwise it is transient saturation, reported but not the verdict. Of the limits,
 * the one pressing hardest on its ceiling is primary and the others are its co-limits; a near tie
 * lowers the confidence. When no limit remains the class is NONE, with its reason (NoneReason).
 * A window with too few readings to judge gets no class at all (Coverage).
 */
public final class Detector {
  private final List<Rule> rules;
  private final Thresholds thresholds;

  public Detector(Thresholds thresholds) {
    this(thresholds, List.of(new PcieRule(), new NetworkRule(), new DiskRule(), new ConfiguredLimitRule(), new ArrayCpuRule(),
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
    PhaseDecision unjudged = Coverage.unjudged(ctx);
    if (unjudged != null) {
      return unjudged;
    }
    Sustained.Split split = Sustained.split(ctx, findings(ctx));
    if (split.limits().isEmpty()) {
      return NoneReason.decide(ctx, split.notes());
    }
    String gaining = StillGaining.note(ctx);
    if (gaining != null) {
      List<String> notes = new ArrayList<>(split.notes());
      notes.add(0, gaining);
      return NoneReason.decide(ctx, notes);
    }
    Finding primary = split.limits().get(0);
    double confidence = primary.confidence();
    List<String> evidence = new ArrayList<>(primary.evidence());
    String held = Sustained.describe(ctx, primary);
    if (held != null) {
      evidence.add(held);
    }
    List<CoLimit> coLimits = new ArrayList<>();
    for (Finding other : split.limits().subList(1, split.limits().size())) {
      boolean tie = primary.pressure() - other.pressure() < thresholds.nearTie();
      evidence.add("co-limit, also at its ceiling" + (tie ? " (a near tie)" : "") + ": "
          + other.bottleneck() + " " + other.entity() + ": " + other.evidence().get(0));
      coLimits.add(new CoLimit(other.bottleneck(), other.entity(), round4(other.pressure()),
          other.evidence().get(0)));
      if (tie) {
        confidence = Math.min(confidence, primary.confidence() * 0.8);
      }
    }
    evidence.addAll(split.notes());
    evidence.addAll(acrossPhases(ctx));
    evidence.addAll(WorkloadSignals.notes(ctx));
    // where each I/O's time went, where the path reports it at more than one point: confirms or questions the class
    evidence.addAll(LatencyAttribution.notes(ctx, primary.bottleneck()));
    if (LatencyAttribution.questions(ctx, primary.bottleneck())) {
      // a verdict its own evidence questions is not one to be sure of
      confidence = Math.min(confidence, LatencyAttribution.QUESTIONED);
    }
    evidence.addAll(Bystanders.notes(ctx));
    return new PhaseDecision(ctx.window().name(), primary.bottleneck(), primary.entity(),
        round(confidence), null, evidence, coLimits, primary.group());
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
    // a volume's queue is the queue of what serves it: a saturated resource behind it is the limit
    kept = new ArrayList<>(Behind.withoutEchoes(ctx, kept));
    // Stable sort: equal pressure keeps rule order.
    kept.sort(Comparator.comparingDouble(Finding::pressure).reversed());
    return kept;
  }

  /**
   * What reading this window against the run's other phases says beside the verdict: disks busy
   * but not saturated (Queueing) and readings that did not move with the load (Unresponsive).
   */
  static List<String> acrossPhases(Context ctx) {
    List<String> notes = new ArrayList<>(Queueing.notes(ctx));
    notes.addAll(Unresponsive.notes(ctx));
    return notes;
  }

  static double round(double v) {
    return Math.round(v * 100) / 100.0;
  }

  static double round4(double v) {
    return Math.round(v * 10_000d) / 10_000d;
  }
}
