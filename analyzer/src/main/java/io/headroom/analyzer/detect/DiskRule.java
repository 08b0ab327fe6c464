package io.headroom.analyzer.detect;

import io.headroom.model.Metrics;
import io.headroom.model.Bottleneck;
import io.headroom.model.EntityKind;
import io.headroom.model.LimitGroup;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * DISK: a device the run targets is at its declared spec (IOPS or bytes/s), or, for a device
 * without a spec, busy all the time with requests queueing or latency climbing (study S3,
 * random). Busy time alone is not used where a spec exists: an NVMe SSD reports 100% busy at a
 * fraction of what it can do, because it serves many requests at once. The paths of a
 * dm-multipath device are judged as one group (Multipath), the disks with a spec as another. An
 * aggregate (an md array, a dm device: a disk {@code behind} its member disks) full because one
 * of its members is names the member, with the aggregate as evidence: a stripe is as fast as its
 * slowest member (docs/detection.md, Granularity).
 */
public final class DiskRule implements Rule {
  @Override
  public Bottleneck bottleneck() {
    return Bottleneck.DISK;
  }

  @Override
  public Optional<Finding> evaluate(Context ctx) {
    Finding best = null;
    Map<String, Finding> found = new HashMap<>();
    for (String id : ctx.path().ofKind(EntityKind.DISK)) {
      Load load = Load.disk(ctx, id);
      if (load != null && load.implausible(ctx)) {
        continue; // beyond its spec, or busy past 1.0, by more than jitter: Bystanders names it
      }
      Finding f = Load.hasSpec(ctx, id) ? atSpec(ctx, id) : busy(ctx, id);
      if (f != null) {
        found.put(id, f);
        if (best == null || f.pressure() > best.pressure()) {
          best = f;
        }
      }
    }
    if (best == null) {
      return Optional.empty();
    }
    String head = Multipath.headOf(ctx, best.entity());
    if (head != null) {
      Finding paths = multipath(ctx, head, found);
      if (paths != null) {
        return Optional.of(paths);
      }
    }
    Finding member = Members.limit(ctx, Members.topAggregate(ctx, best, found), found);
    if (member != null) {
      return Optional.of(member);
    }
    Finding members = Members.allFull(ctx, best, found);
    if (members != null) {
      return Optional.of(members);
    }
    if (best.load().reading() == Reading.BUSY) {
      return Optional.of(best);
    }
    // disks with a spec on the path are parallel members: all full is the disks' limit, not one's
    List<Load> specified = new ArrayList<>();
    for (String id : ctx.path().ofKind(EntityKind.DISK)) {
      Load l = PathLoads.plausible(ctx, Load.diskSpec(ctx, id));
      if (l != null) {
        specified.add(l);
      }
    }
    specified.sort(Comparator.comparingDouble(Load::pressure).reversed().thenComparing(Load::entity));
    LimitGroup group = Groups.of(ctx, "disks with a spec on the path", specified);
    if (group == null) {
      return Optional.of(best);
    }
    List<String> evidence = new ArrayList<>(best.evidence());
    evidence.add(Groups.describe(group, specified, "every disk is full, not one"));
    return Optional.of(new Finding(Bottleneck.DISK, best.load(), best.confidence(), evidence).withGroup(group));
  }

  /**
   * The limit is a multipath device or one of its paths: the paths are judged together, and the
   * tightest path is named with the group ("4 of 4 paths of h1/disk/dm-0 (mpatha) at their
   * ceiling ..."). Null when no path is at its ceiling, or the tightest has no finding of its own
   * (the device itself is then the limit, not its paths).
   */
  private static Finding multipath(Context ctx, String head, Map<String, Finding> found) {
    List<Load> paths = Multipath.paths(ctx, head);
    LimitGroup group = Multipath.group(ctx, head, paths);
    Finding tightest = paths.isEmpty() ? null : found.get(paths.get(0).entity());
    if (group == null || group.atCeiling() == 0 || tightest == null) {
      return null;
    }
    List<String> evidence = new ArrayList<>(tightest.evidence());
    evidence.add(Groups.describe(group, paths, "the multipath device is the limit, not one path"));
    return new Finding(Bottleneck.DISK, tightest.load(), tightest.confidence(), evidence).withGroup(group);
  }

  private Finding atSpec(Context ctx, String id) {
    Load load = Load.diskSpec(ctx, id);
    if (load.pressure() < ctx.thresholds().atCeiling()) {
      return belowSpec(ctx, id, load);
    }
    if (load.pressure() < 1.0 && ctx.queueing(id).state() == Queueing.State.AT_SERVICE_TIME) {
      // near its spec, but nothing waits: a device serving many at once has room until its servers
      // are all busy, which its latency shows (Queueing.notes says so in the evidence)
      return null;
    }
    List<String> evidence = new ArrayList<>();
    evidence.add(load.describe());
    String latency = latencyNote(ctx, id);
    if (latency != null) {
      evidence.add(latency);
    }
    return new Finding(Bottleneck.DISK, load, Finding.confidenceFor(load.pressure(), ctx.thresholds()), evidence);
  }

  /**
   * A ceiling depends on conditions: a datasheet figure is one ceiling under one condition (reads,
   * fresh out of the box, cool). A device busy all the time whose behaviour says saturated (work
   * waiting, or more concurrency buying nothing: Queueing) below its spec is full under this
   * phase's conditions, and behaviour wins; the evidence says which ceiling applied and why the
   * spec did not. Null when it is below its spec and nothing says it is full.
   */
  private Finding belowSpec(Context ctx, String id, Load spec) {
    Thresholds t = ctx.thresholds();
    double util = ctx.p95(id, Metrics.UTIL);
    if (Double.isNaN(util) || util < t.diskBusy()) {
      return null;
    }
    Queueing q = ctx.queueing(id);
    if (q.state() != Queueing.State.SATURATED) {
      return null;
    }
    Load busy = Load.diskBusy(ctx, id);
    List<String> evidence = new ArrayList<>();
    evidence.add(id + " saturated below its spec: " + spec.describe() + ", busy p95 " + Fmt.frac(util)
        + "; its behaviour is the ceiling that applied, " + SpecConditions.describe(ctx, id));
    evidence.add(q.note());
    String latency = latencyNote(ctx, id);
    if (latency != null) {
      evidence.add(latency);
    }
    return new Finding(Bottleneck.DISK, busy, Finding.confidenceFor(busy.pressure(), t) - 0.05, evidence);
  }

  /**
   * A device without a spec: busy is occupancy, not saturation. Where the run shows how the
   * device responds to concurrency (Queueing), that decides: work waiting is a limit, latency at
   * its unloaded service time is not, however busy. Where it does not, busy with a queue or a
   * latency climb in the window is the best one window can say.
   */
  private Finding busy(Context ctx, String id) {
    Thresholds t = ctx.thresholds();
    double util = ctx.p95(id, Metrics.UTIL);
    if (Double.isNaN(util) || util < t.diskBusy()) {
      return null;
    }
    Queueing q = ctx.queueing(id);
    if (q.state() == Queueing.State.AT_SERVICE_TIME || q.state() == Queueing.State.CAPPED_ABOVE) {
      return null; // Queueing.notes says so in the evidence
    }
    double queue = ctx.mean(id, Metrics.QUEUE_DEPTH);
    double climb = Trend.lastOverFirst(ctx.values(id, dominantLatency(ctx, id)));
    boolean queued = !Double.isNaN(queue) && queue >= t.diskQueue();
    boolean climbing = !Double.isNaN(climb) && climb >= t.latencyClimb();
    boolean waiting = q.state() == Queueing.State.SATURATED;
    if (!queued && !climbing && !waiting) {
      return null;
    }
    Load load = Load.diskBusy(ctx, id);
    double pressure = load.pressure();
    StringBuilder line = new StringBuilder(id + " util p95 " + Fmt.frac(util) + " (busy from "
        + Fmt.frac(t.diskBusy()) + ")");
    if (!Double.isNaN(queue)) {
      line.append(", queue depth mean ").append(Fmt.num(queue));
    }
    if (climbing) {
      line.append(", latency x").append(Fmt.num(climb)).append(" from the first third to the last");
    }
    List<String> evidence = new ArrayList<>();
    evidence.add(line.toString());
    if (waiting) {
      evidence.add(q.note());
    }
    String latency = latencyNote(ctx, id);
    if (latency != null) {
      evidence.add(latency);
    }
    double confidence = Finding.confidenceFor(pressure, t) - (waiting || (queued && climbing) ? 0 : 0.05);
    return new Finding(Bottleneck.DISK, load, confidence, evidence);
  }

  /** The latency metric of the direction with more operations. */
  private static String dominantLatency(Context ctx, String id) {
    return ctx.meanOrZero(id, Metrics.WRITE_IOPS) > ctx.meanOrZero(id, Metrics.READ_IOPS)
        ? Metrics.WRITE_LATENCY_S : Metrics.READ_LATENCY_S;
  }

  /** "read latency mean 21.3 ms, write latency mean 4 ms" for the directions recorded. */
  static String latencyNote(Context ctx, String id) {
    List<String> parts = new ArrayList<>();
    addLatency(parts, ctx, id, "read", Metrics.READ_LATENCY_S, Metrics.READ_IOPS);
    addLatency(parts, ctx, id, "write", Metrics.WRITE_LATENCY_S, Metrics.WRITE_IOPS);
    return parts.isEmpty() ? null : id + " " + String.join(", ", parts);
  }

  private static void addLatency(List<String> parts, Context ctx, String id, String dir, String latency, String iops) {
    double mean = ctx.mean(id, latency);
    if (!Double.isNaN(mean) && ctx.meanOrZero(id, iops) > 0) {
      parts.add(dir + " latency mean " + Fmt.latency(mean));
    }
  }
}
