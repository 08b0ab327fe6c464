package io.headroom.analyzer.detect;

import io.headroom.analyzer.data.Window;
import io.headroom.model.EntityKind;
import io.headroom.model.Metrics;
import java.util.ArrayList;
import java.util.List;

/**
 * Saturation as queueing behaviour, read across the run's windows (docs/detection.md, "Saturation
 * is work waiting"). A device that serves many requests at once (an NVMe drive, an array volume, a
 * RAID set) reads 100% busy long before it is full: busy time is the share of time with at least
 * one request in flight, 1 - P(0) of a multi-server queue. What says it is full is work waiting:
 *
 * <ul>
 *   <li>its latency well above its unloaded service time (the lowest latency it showed in the run
 *       for the same mix of I/O) while it held more requests than it did there, or
 *   <li>more concurrency bought nothing: a window where it held at least 1.5 times as many
 *       requests gave at most 10% more IOPS.
 * </ul>
 *
 * A device whose latency stayed within 1.5 times its unloaded service time while its concurrency
 * changed is serving in parallel, not queueing: occupancy, not saturation. With no other window of
 * the same mix at another concurrency, nothing can be said either way (UNKNOWN), and the rules fall
 * back on what one window shows.
 *
 * @param state what the behaviour says
 * @param note the evidence sentence, null for UNKNOWN
 */
record Queueing(State state, String note) {
  enum State { SATURATED, AT_SERVICE_TIME, CAPPED_ABOVE, UNKNOWN }

  /** Concurrency this many times another window's counts as more of it. */
  static final double MORE = 1.5;
  /** More concurrency that bought at most this factor of throughput bought nothing. */
  static final double FLAT_GAIN = 1.10;
  /** Latency within this factor of the unloaded service time is service, not waiting. */
  static final double AT_SERVICE = 1.5;

  private static final Queueing UNKNOWN = new Queueing(State.UNKNOWN, null);

  static Queueing of(Context ctx, String entity) {
    OperatingPoint here = ctx.point(entity);
    if (here == null) {
      return UNKNOWN;
    }
    List<OperatingPoint> others = new ArrayList<>();
    for (Window w : ctx.runWindows().windows()) {
      if (w.equals(ctx.window())) {
        continue;
      }
      // a window without its own context is a phase's part after an onset: read it directly
      Context there = ctx.runWindows().context(w);
      OperatingPoint p = there != null ? there.point(entity) : OperatingPoint.of(ctx.data(), entity, w);
      if (p != null && p.sameMix(here)) {
        others.add(p);
      }
    }
    OperatingPoint unloaded = here;
    for (OperatingPoint p : others) {
      if (p.latency() < unloaded.latency()) {
        unloaded = p;
      }
    }
    double stretch = here.latency() / unloaded.latency();
    if (unloaded != here && stretch >= ctx.thresholds().latencyClimb() && here.inFlight() >= MORE * unloaded.inFlight()) {
      return new Queueing(State.SATURATED, "work waiting at " + entity + ": latency " + Fmt.latency(here.latency())
          + " = " + Fmt.trim(stretch, 1) + "x its unloaded " + Fmt.latency(unloaded.latency()) + " with "
          + Fmt.num(here.inFlight()) + " in flight, where " + unloaded.describe());
    }
    for (OperatingPoint p : others) {
      if (p.inFlight() >= MORE * here.inFlight() && p.iops() <= FLAT_GAIN * here.iops()) {
        return new Queueing(State.SATURATED, "more concurrency bought nothing at " + entity + ": "
            + Fmt.num(p.inFlight()) + " in flight in phase " + p.window().name() + " gave " + Fmt.iops(p.iops())
            + " where " + Fmt.num(here.inFlight()) + " here gave " + Fmt.iops(here.iops()));
      }
    }
    Queueing capped = cappedAbove(ctx, entity, here, others, stretch);
    if (capped != null) {
      return capped;
    }
    OperatingPoint contrast = contrast(here, others);
    if (contrast != null && stretch < AT_SERVICE) {
      return new Queueing(State.AT_SERVICE_TIME, "occupancy, not saturation: " + entity + " held "
          + Fmt.num(here.inFlight()) + " in flight at " + Fmt.latency(here.latency()) + ", "
          + Fmt.trim(stretch, 1) + "x its unloaded " + Fmt.latency(unloaded.latency())
          + ": it serves requests in parallel and none wait (" + contrast.describe() + ")");
    }
    return UNKNOWN;
  }

  /**
   * "occupancy, not saturation: ..." for every disk on the path that reads busy but whose latency
   * stayed at its unloaded service time as its concurrency changed: a reader seeing 100% busy
   * learns why it is not the limit.
   */
  static List<String> notes(Context ctx) {
    List<String> notes = new ArrayList<>();
    for (String id : ctx.path().ofKind(EntityKind.DISK)) {
      double util = ctx.p95(id, Metrics.UTIL);
      Load spec = Load.diskSpec(ctx, id);
      if (spec != null && spec.pressure() >= ctx.thresholds().atCeiling() && spec.pressure() < 1.0) {
        Queueing q = ctx.queueing(id);
        if (q.state() == State.AT_SERVICE_TIME) {
          notes.add(q.note() + "; at " + Fmt.pct(spec.share()) + " of its spec it is near its ceiling, not at it");
        }
      } else if (!Double.isNaN(util) && util >= ctx.thresholds().diskBusy()) {
        Queueing q = ctx.queueing(id);
        if (q.state() == State.AT_SERVICE_TIME || q.state() == State.CAPPED_ABOVE) {
          notes.add(q.note() + "; busy p95 " + Fmt.frac(util) + " is occupancy, not the limit");
        }
      }
    }
    return notes;
  }

  /**
   * The benchmark offered 1.5 times the I/O or more in another window of the same mix, yet the
   * device held the same I/Os in flight (within 10%) at the same latency (within AT_SERVICE of its
   * unloaded): the extra requests waited above it, in a queue-depth cap (a LUN's queue depth, an
   * HBA's, a QoS limit), not at it. Null otherwise.
   */
  private static Queueing cappedAbove(Context ctx, String entity, OperatingPoint here, List<OperatingPoint> others,
      double stretch) {
    double offeredHere = ctx.runWindows().offered(ctx.window());
    if (!(offeredHere > 0) || stretch >= AT_SERVICE) {
      return null;
    }
    for (OperatingPoint p : others) {
      double offeredThere = ctx.runWindows().offered(p.window());
      double more = OperatingPoint.apart(offeredThere, offeredHere);
      double held = OperatingPoint.apart(p.inFlight(), here.inFlight());
      if (more >= MORE && held <= FLAT_GAIN && p.latency() < AT_SERVICE * here.latency()) {
        // where the I/Os waited is not this device's to say: a saturated limit upstream (a host's
        // CPU, a link) holds them as a LUN's queue depth would; the verdict says which
        return new Queueing(State.CAPPED_ABOVE, "in-flight I/O held back in front of " + entity + ": the benchmark offered "
            + Fmt.num(offeredThere) + " I/Os in phase " + p.window().name() + " and " + Fmt.num(offeredHere)
            + " here, yet it held " + Fmt.num(p.inFlight()) + " and " + Fmt.num(here.inFlight()) + " in flight at "
            + Fmt.latency(p.latency()) + " and " + Fmt.latency(here.latency())
            + ": the rest waited before reaching it (at a limit upstream of it, or a queue-depth cap: its queue"
            + " depth, an HBA's, a QoS limit), not at it");
      }
    }
    return null;
  }

  /** Another window of the same mix at a clearly different concurrency, the furthest; null if none. */
  private static OperatingPoint contrast(OperatingPoint here, List<OperatingPoint> others) {
    OperatingPoint best = null;
    double furthest = MORE;
    for (OperatingPoint p : others) {
      double ratio = OperatingPoint.apart(p.inFlight(), here.inFlight());
      if (ratio >= furthest) {
        furthest = ratio;
        best = p;
      }
    }
    return best;
  }
}
