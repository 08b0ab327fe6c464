package io.headroom.analyzer.detect;

import java.util.List;

/**
 * Whether a window holds enough readings to be judged at all (docs/detection.md, "Too few
 * readings"): at least {@code minReadings} seconds of its workloads' throughput, or that many
 * readings of one entity. A phase outside the run, of zero length, or shorter than the readings'
 * interval has none or one, and a class given there would be drawn from readings that do not
 * exist (NONE's "carrying p95 0 kB/s") or from a single one ("sustained in 1 of 1 readings").
 * Such a phase gets no class: its bottleneck is null and its reason {@value #TOO_FEW_READINGS}.
 */
final class Coverage {
  /** The reason of a window that was not judged. */
  static final String TOO_FEW_READINGS = "too_few_readings";

  private Coverage() {}

  /** The decision for a window with too few readings, or null when it has enough to be judged. */
  static PhaseDecision unjudged(Context ctx) {
    int need = ctx.thresholds().minReadings();
    int workload = WorkloadSignals.throughputReadings(ctx);
    int entity = mostReadings(ctx);
    if (workload >= need || entity >= need) {
      return null;
    }
    double seconds = Math.max(0, ctx.window().to() - ctx.window().from());
    // an open phase of an open run has no length to quote (it was "Infinity s")
    String span = Double.isFinite(seconds) ? "the phase's " + Fmt.trim(seconds, 3) + " s after its ramp"
        : "the phase after its ramp (open: no end yet)";
    String line = "not judged, too few readings: " + workload + " of the workload and at most " + entity
        + " of any entity in " + span + "; a phase is judged from " + need + " readings";
    return new PhaseDecision(ctx.window().name(), null, null, 0.0, TOO_FEW_READINGS, List.of(line), List.of(), null);
  }

  /** The most readings any one entity has of any one metric in the window. */
  private static int mostReadings(Context ctx) {
    int most = 0;
    for (String id : ctx.data().entityIdsWithSamples()) {
      most = Math.max(most, ctx.readingCount(id));
    }
    return most;
  }
}
