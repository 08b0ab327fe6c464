package io.headroom.analyzer.detect;

import io.headroom.model.Rel;
import io.headroom.analyzer.detect.NextCandidates.Candidate;
import io.headroom.model.Bottleneck;
import io.headroom.model.HeadroomEntry;
import io.headroom.model.Metrics;
import io.headroom.model.NextLimit;
import io.headroom.model.Relation;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What binds once a phase's limit is lifted, and how much throughput that buys (docs/detection.md,
 * section 8). Each resource's load is taken in proportion to the workload's throughput X (its
 * service demand), so a resource at pressure p is full at X / p; the primary is full at X / p1,
 * the next at X / p2, and the gain X / p2 over X / p1 = p1 / p2, capped by what the workload's
 * concurrency can drive ({@link ConcurrencyCap}). For NONE: the resource the workload would fill
 * first if pushed, and its room, 1 / p.
 */
public final class NextLimits {
  /** NUMA is a placement: fixing it changes each I/O's work, so this phase's loads do not carry over. */
  public static final String PLACEMENT = "placement_limit";
  /** Nothing else on the data path has a ceiling and a load that grows with the throughput. */
  public static final String NO_OTHER_CEILING = "no_other_ceiling";
  /** The workloads report no throughput, so no load can be set per unit of it. */
  public static final String NO_THROUGHPUT = "no_throughput";
  /** The limit's entity has no load against a ceiling (its finding is not a ceiling reading). */
  public static final String LIMIT_WITHOUT_LOAD = "limit_without_load";

  /** The phase got no class (too few readings to judge it), so there is no limit to lift. */
  public static final String NOT_JUDGED = "phase_not_judged";

  private NextLimits() {}

  /** A next limit, or null with the reason. */
  public record Result(NextLimit limit, String reason) {
    static Result none(String reason) {
      return new Result(null, reason);
    }
  }

  /** @param headroom the phase's headroom rows ({@link Loads#rows}), the loads the candidates are read from */
  public static Result of(Context ctx, PhaseDecision d, List<HeadroomEntry> headroom) {
    if (d.bottleneck() == null) {
      return Result.none(NOT_JUDGED);
    }
    if (d.bottleneck() == Bottleneck.NUMA) {
      return Result.none(PLACEMENT);
    }
    Throughput x = Throughput.of(ctx);
    if (x == null) {
      return Result.none(NO_THROUGHPUT);
    }
    if (d.bottleneck() == Bottleneck.NONE) {
      List<Candidate> all = byDemand(ctx, NextCandidates.onPath(ctx, headroom, Set.of()));
      return all.isEmpty() ? Result.none(NO_OTHER_CEILING) : new Result(room(ctx, all.get(0), x, unknownCeilings(ctx, Set.of(), all.get(0))), null);
    }
    Load primary = d.entity() == null ? null : Load.of(ctx, d.entity());
    if (primary == null || !(primary.pressure() > 0)) {
      return Result.none(LIMIT_WITHOUT_LOAD);
    }
    Set<String> lifted = lifted(ctx, d);
    List<Candidate> next = new ArrayList<>(byDemand(ctx, NextCandidates.onPath(ctx, headroom, lifted)));
    Candidate retrained = NextCandidates.retrained(ctx, d.bottleneck(), primary);
    if (retrained != null) {
      next.add(retrained);
      next.sort((a, b) -> Double.compare(b.pressure(), a.pressure()));
    }
    if (next.isEmpty()) {
      return Result.none(NO_OTHER_CEILING);
    }
    return new Result(afterLifting(ctx, d, primary.meanPressure(ctx), primary, next, x,
        unknownCeilings(ctx, lifted, next.get(0))), null);
  }

  /**
   * The candidates with their demand read across the run's phases where those tell it (Demand: a
   * background load does not grow with the workload), tightest first again.
   */
  private static List<Candidate> byDemand(Context ctx, List<Candidate> candidates) {
    List<Candidate> out = new ArrayList<>();
    for (Candidate c : candidates) {
      out.add(c.withDemandFrom(ctx));
    }
    out.sort((a, b) -> Double.compare(b.pressure(), a.pressure()));
    return out;
  }

  /**
   * What lifting the limit takes away: its entity, the parts and whole of its machine's CPU when it
   * is a CPU, the members of its group at their ceiling with it (saturated together), and the other end of every cable it is
   * an end of: the two ends of one link are one resource (a faster ISL is faster at both ends), so
   * the far end of the limit's cable is never its next limit.
   */
  private static Set<String> lifted(Context ctx, PhaseDecision d) {
    Set<String> out = new HashSet<>(NextCandidates.cpuFamily(ctx, d.entity()));
    out.add(d.entity());
    if (d.group() != null) {
      // the members at their ceiling with it (tightest first): saturated together, lifted together,
      // but only those of its own tier where the cables tell tiers apart (Tiers)
      List<String> atCeiling = d.group().entities().subList(0, Math.min(d.group().atCeiling(), d.group().entities().size()));
      out.addAll(Tiers.toLift(ctx, d.entity(), atCeiling));
    }
    for (Relation r : ctx.data().relations()) {
      if (!Rel.CABLED_TO.wire().equals(r.rel())) {
        continue;
      }
      if (out.contains(r.from())) {
        out.add(r.to());
      } else if (out.contains(r.to())) {
        out.add(r.from());
      }
    }
    return out;
  }

  private static NextLimit afterLifting(Context ctx, PhaseDecision d, double level, Load primary, List<Candidate> next,
      Throughput x, Unknown unknown) {
    Candidate c = next.get(0);
    double byLoad = Math.max(1.0, level / c.pressure());
    ConcurrencyCap cap = ConcurrencyCap.of(ctx, d.bottleneck());
    // the gain is the ratio of the two bounds (the bottleneck bound law); what the workload's own
    // concurrency allows at its present outstanding I/O is said beside it, not folded in
    double gain = byLoad;
    List<String> evidence = new ArrayList<>();
    evidence.add(c.name() + " would be full at " + x.format(x.value() / c.pressure()) + " where "
        + (c.label() != null ? "as trained now it" : primary.entity()) + " is full at "
        + x.format(x.value() / level));
    evidence.add("gain " + Fmt.pct(level) + " / " + Fmt.pct(c.pressure()) + " of practical (means over the window) = "
        + Fmt.trim(byLoad, 2) + "x, each load taken in proportion to the workload's " + x.format(x.value())
        + ": " + c.load().describe() + ", " + primary.describe());
    evidence.addAll(candidateNotes(ctx, c, x));
    evidence.add(cap.note() + (cap.gain() < byLoad ? ": at its present outstanding I/O the workload reaches "
        + Fmt.trim(cap.gain(), 2) + "x of it; the full " + Fmt.trim(byLoad, 2) + "x needs more concurrency" : ""));
    if (next.size() > 1) {
      Candidate then = next.get(1);
      double thenGain = level / then.pressure();
      evidence.add("after it: " + then.bottleneck() + " " + then.name() + " at " + Fmt.trim(thenGain, 2) + "x");
    }
    if (unknown != null) {
      evidence.add(unknown.note());
    }
    return limit(c, gain, evidence, unknown);
  }

  private static NextLimit room(Context ctx, Candidate c, Throughput x, Unknown unknown) {
    double gain = Math.max(1.0, 1 / c.pressure());
    List<String> evidence = new ArrayList<>();
    evidence.add(c.name() + " would be full at " + x.format(x.value() / c.pressure()) + " where the workload"
        + " moved " + x.format(x.value()) + ": room " + Fmt.trim(gain, 2) + "x");
    evidence.add("pushed with more outstanding I/O (threads, queue depth, hosts), the first resource on the"
        + " path to fill: " + c.load().describe() + " (" + Fmt.pct(c.pressure()) + " of practical)");
    evidence.addAll(candidateNotes(ctx, c, x));
    if (unknown != null) {
      evidence.add(unknown.note());
    }
    return limit(c, gain, evidence, unknown);
  }

  /**
   * The devices on the path that could fill before the candidate but cannot be counted: no spec,
   * and a busy time that is occupancy (1 - P(0) of a device serving many requests at once), not a
   * share of a ceiling. Busy time still bounds it from below: each of its servers is busy at most
   * that share of the time, so it carries at least X / busy; a device busier than the candidate's
   * pressure could fill first. Its ceiling is not in the recording, so the gain holds only if it
   * keeps up: said rather than guessed. Null when there is none.
   */
  private static Unknown unknownCeilings(Context ctx, Set<String> lifted, Candidate next) {
    List<String> ids = new ArrayList<>();
    List<String> busies = new ArrayList<>();
    for (String id : ctx.path().ofKind(io.headroom.model.EntityKind.DISK)) {
      double busy = ctx.mean(id, Metrics.UTIL);
      if (!lifted.contains(id) && !Load.hasSpec(ctx, id) && busy > next.pressure()) {
        ids.add(id);
        busies.add(id + " busy " + Fmt.pct(busy));
      }
    }
    if (ids.isEmpty()) {
      return null;
    }
    return new Unknown(ids, "not counted, ceiling unknown: " + String.join(", ", busies) + " (no spec, and busy time is"
        + " occupancy: it says only that a device can carry at least the workload's throughput over its busy share): "
        + (ids.size() == 1 ? "it" : "any of them") + " may fill before " + next.name()
        + "; declare its capacity (iops, bytes_per_s) to count it");
  }

  /** The devices that may fill before the next limit, their ceilings not recorded, and the sentence that says so. */
  private record Unknown(List<String> ids, String note) {}

  /** How the candidate's members share its load, and its demand across phases where that was read. */
  private static List<String> candidateNotes(Context ctx, Candidate c, Throughput x) {
    List<String> notes = new ArrayList<>();
    String members = membersNote(c);
    if (members != null) {
      notes.add(members);
    }
    if (c.demand() != null) {
      notes.add(c.demand().describe(c.load().entity(), x));
    } else if (c.label() == null && Demand.oneThroughput(ctx)) {
      notes.add("a floor: every phase of this mix ran at about " + x.format(x.value()) + ", so how much of "
          + c.load().entity() + "'s load would not grow with the workload (another tenant's, housekeeping) cannot be"
          + " told; all of it is taken to grow, and any that does not puts its ceiling further off (a phase at another"
          + " throughput would tell)");
    }
    return notes;
  }

  private static String membersNote(Candidate c) {
    if (c.members().size() < 2) {
      return null;
    }
    HeadroomEntry least = c.members().get(c.members().size() - 1);
    return c.members().size() + " " + c.bottleneck() + " members on the path share the load, counted as one"
        + " resource; the least loaded " + least.entity() + " at " + Fmt.pct(least.utilization()) + " of practical";
  }

  private static NextLimit limit(Candidate c, double gain, List<String> evidence, Unknown unknown) {
    List<String> members = c.members().size() < 2 ? null : c.members().stream().map(HeadroomEntry::entity).toList();
    return new NextLimit(c.bottleneck(), c.load().entity(), members, Detector.round(gain), evidence,
        unknown == null ? null : unknown.ids());
  }

  /** The workloads' mean throughput in the window: bytes/s when they report bytes, else IOPS. */
  record Throughput(double value, boolean bytes) {
    static Throughput of(Context ctx) {
      double b = 0;
      double ops = 0;
      for (String w : ctx.path().workloads()) {
        b += ctx.meanOrZero(w, Metrics.READ_BYTES_PER_S) + ctx.meanOrZero(w, Metrics.WRITE_BYTES_PER_S);
        ops += ctx.meanOrZero(w, Metrics.READ_IOPS) + ctx.meanOrZero(w, Metrics.WRITE_IOPS);
      }
      return b > 0 ? new Throughput(b, true) : ops > 0 ? new Throughput(ops, false) : null;
    }

    String format(double v) {
      return bytes ? Fmt.byteRate(v) : Fmt.iops(v);
    }
  }
}
