package io.headroom.analyzer.detect;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Sustained, not transient (docs/detection.md): a resource is a window's limit when it stayed at
 * its ceiling in at least {@code sustainedShare} of the window's readings and the workload shows
 * it held against something (a throughput plateau, a latency climb, full queues). A p95 at the
 * ceiling reached by bursts in an otherwise calm window, or a resource full while the workload
 * neither plateaued nor queued, is transient saturation: evidence, not the verdict. The window
 * itself has enough readings (Coverage); a resource read more coarsely than the workload (an
 * array's 20-second averages) is judged on the readings it has.
 */
final class Sustained {
  /** At most this many transient notes per window; the rest are counted. */
  static final int MAX_NOTES = 5;

  private Sustained() {}

  /**
   * @param limits findings that hold, hardest pressure first
   * @param notes transient saturation on the path, one line each
   */
  record Split(List<Finding> limits, List<String> notes) {}

  /** True when the finding's resource spent the sustained share of the window at its ceiling (or has no load to read). */
  static boolean holds(Context ctx, Finding f) {
    return f.load() == null || f.load().saturation(ctx).share() >= ctx.thresholds().sustainedShare();
  }

  static Split split(Context ctx, List<Finding> findings) {
    Thresholds t = ctx.thresholds();
    List<String> shows = WorkloadSignals.holdsAgainstCeiling(ctx);
    List<Finding> limits = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    Set<String> covered = new HashSet<>();
    for (Finding f : findings) {
      if (f.load() == null) {
        limits.add(f);
        continue;
      }
      Load.Saturation s = f.load().saturation(ctx);
      covered.add(f.entity());
      if (s.share() < t.sustainedShare()) {
        notes.add(transientNote(s, t));
      } else if (shows.isEmpty()) {
        notes.add("at its ceiling but not holding the workload back: " + s.describe() + ", while the"
            + " workload's throughput varied, its latency did not climb and its queues were not full");
      } else {
        limits.add(f);
        if (f.group() != null) {
          covered.addAll(f.group().entities());
        }
      }
    }
    List<String> others = new ArrayList<>();
    for (Load l : PathLoads.onPath(ctx)) {
      // busy time is not capacity (an SSD serves many requests at once): a busy burst is no saturation
      if (covered.contains(l.entity()) || l.reading() == Reading.BUSY) {
        continue;
      }
      Load.Saturation s = l.saturation(ctx);
      if (s.atCeiling() > 0 && s.share() < t.sustainedShare()) {
        others.add(transientNote(s, t));
      }
    }
    notes.addAll(others.subList(0, Math.min(MAX_NOTES, others.size())));
    if (others.size() > MAX_NOTES) {
      notes.add("transient saturation on " + (others.size() - MAX_NOTES) + " more entities on the path");
    }
    return new Split(limits, notes);
  }

  private static String transientNote(Load.Saturation s, Thresholds t) {
    return "transient saturation, not the limit: " + s.describe() + "; a limit from "
        + Fmt.pct(t.sustainedShare()) + " of the phase";
  }

  /**
   * "held: s1/fc/p1 tx at its ceiling in 54 of 54 readings (100%); the workload shows it:
   * throughput flat (cv 1%)", or null for a finding that is not a ceiling.
   */
  static String describe(Context ctx, Finding f) {
    if (f.load() == null) {
      return null;
    }
    List<String> shows = WorkloadSignals.holdsAgainstCeiling(ctx);
    Load.Saturation held = f.load().saturation(ctx);
    // a limit read through another entity (a cgroup's throttle for its disk, a host's retransmits
    // for its port) is named first, and where it was read after
    String saturation = f.entity().equals(f.load().entity()) ? held.describe()
        : held.describeAs(f.entity()) + ", read on " + f.load().entity();
    return "sustained: " + saturation + "; "
        + (shows.equals(List.of(WorkloadSignals.NO_READINGS)) ? "" : "the workload shows it: ")
        + String.join(", ", shows);
  }
}
