package io.headroom.analyzer.detect;

import io.headroom.model.Bottleneck;
import io.headroom.model.EntityKind;
import java.util.ArrayList;
import java.util.List;

/**
 * Why a window is NONE, named, with its evidence: nothing on the path reached its ceiling, and
 * either the workload's own concurrency set the pace (study S2: 256 threads kept only 89 I/Os in
 * flight), or its outstanding I/O is not known, or nothing on the path has a known ceiling at all.
 */
final class NoneReason {
  /** Little's law is known: the workload's outstanding I/O set the pace. */
  static final String CONCURRENCY = "workload_concurrency";
  /**
   * A configured cap: the benchmark kept exactly the I/O it was configured for in flight (its queues
   * full) and nothing on the path saturated, so the configured depth itself set the pace.
   */
  static final String CONFIGURED_CAP = "configured_cap";
  /** Nothing at its ceiling, the workload's outstanding I/O not recorded. */
  static final String BELOW_CEILINGS = "below_ceilings";
  /** No entity on the path has a ceiling to be judged against. */
  static final String NO_KNOWN_CEILING = "no_known_ceiling";

  private NoneReason() {}

  static PhaseDecision decide(Context ctx, List<String> notes) {
    Thresholds t = ctx.thresholds();
    Load top = tightestSaturable(ctx);
    List<String> evidence = new ArrayList<>();
    if (top == null) {
      evidence.add("nothing on the data path has a known ceiling, so none can be judged full:"
          + " NONE here says only that no limit was seen");
      return decision(ctx, NO_KNOWN_CEILING, 0.5, evidence, notes);
    }
    // a p95 at the ceiling without a limit is transient saturation (its line follows): the
    // sentences then say nothing was held there, not that nothing reached it
    boolean touched = top.pressure() >= t.atCeiling();
    evidence.add((touched ? "nothing on the data path held at its ceiling" : "nothing on the data path at its ceiling")
        + ": tightest " + top.describe() + " (" + Fmt.pct(top.pressure()) + " of practical, at its ceiling from "
        + Fmt.pct(t.atCeiling()) + (touched ? ", not sustained as a limit" : "") + ")");
    LittlesLaw little = LittlesLaw.of(ctx);
    String reason;
    String cappedDevice = cappedDevice(ctx);
    if (cappedDevice != null) {
      reason = CONFIGURED_CAP;
      evidence.add("a configured cap: " + cappedDevice + "; nothing on the path saturated, so the queue depth in"
          + " front of the device is the limit, and raising it (the LUN's or HBA's queue depth, a QoS limit) is the"
          + " way to load the path further");
    } else if (little != null && little.queuesFull(t)) {
      reason = CONFIGURED_CAP;
      evidence.add("a configured cap: " + Fmt.count(little.inFlight()) + " I/Os in flight of the "
          + Fmt.count(little.outstanding()) + " configured (" + Concurrency.knob(ctx) + ", "
          + Fmt.pct(little.ratio()) + ") while nothing on the path saturated: the configured depth is the limit;"
          + " raising it (or adding jobs or hosts) is the way to load the path further");
    } else if (little != null) {
      reason = CONCURRENCY;
      evidence.add("concurrency-bound: " + Fmt.count(little.inFlight()) + " I/Os in flight (of "
          + Fmt.count(little.outstanding()) + " asked for) "
          + (touched ? "held nothing on the path at its ceiling;" : "loaded nothing on the path to its ceiling;")
          + " more outstanding I/O (threads, queue depth, hosts) is the way to load it further");
    } else {
      reason = BELOW_CEILINGS;
      evidence.add("the workload set the pace: its outstanding I/O is not recorded, so how far its"
          + " concurrency held it back cannot be said");
    }
    double confidence = Math.max(0.5, Math.min(0.95, 0.5 + t.atCeiling() - top.pressure()));
    return decision(ctx, reason, Detector.round(confidence), evidence, notes);
  }

  /**
   * The tightest load on the path, leaving out a disk's busy time where its latency showed it at its
   * service time (Queueing): that 100% is occupancy, and naming it as the tightest would say the
   * opposite of the occupancy line beside it.
   */
  private static Load tightestSaturable(Context ctx) {
    for (Load l : PathLoads.onPath(ctx)) {
      boolean occupancy = l.reading() == Reading.BUSY
          && ctx.queueing(l.entity()).state() != Queueing.State.SATURATED
          && ctx.queueing(l.entity()).state() != Queueing.State.UNKNOWN;
      if (!occupancy) {
        return l;
      }
    }
    return PathLoads.tightestOnPath(ctx);
  }

  /** The note of the first disk on the path whose in-flight I/O is capped above it (Queueing), or null. */
  private static String cappedDevice(Context ctx) {
    for (String id : ctx.path().ofKind(EntityKind.DISK)) {
      Queueing q = ctx.queueing(id);
      if (q.state() == Queueing.State.CAPPED_ABOVE) {
        return q.note();
      }
    }
    return null;
  }

  private static PhaseDecision decision(Context ctx, String reason, double confidence, List<String> evidence,
      List<String> notes) {
    List<String> all = new ArrayList<>(evidence);
    all.addAll(notes);
    all.addAll(Detector.acrossPhases(ctx));
    all.addAll(WorkloadSignals.notes(ctx));
    // where the time went, with no class to confirm or question
    all.addAll(LatencyAttribution.notes(ctx, Bottleneck.NONE));
    all.addAll(Bystanders.notes(ctx));
    return new PhaseDecision(ctx.window().name(), Bottleneck.NONE, null, confidence, reason, all, List.of(), null);
  }
}
