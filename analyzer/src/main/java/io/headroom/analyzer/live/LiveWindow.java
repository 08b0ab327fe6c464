package io.headroom.analyzer.live;

import io.headroom.model.Phase;
import io.headroom.model.Run;
import java.util.List;

/**
 * Which samples a live judgement reads. Reading the whole run every few seconds would cost more
 * with every minute it runs (an hour of a 500-entity testbed is 1.8 million rows), so while a
 * run is open only its current phase is read (from a second before it began; a run without
 * phases: its last {@link #NO_PHASE_WINDOW_S} seconds); phases that ended before that keep the
 * verdict they had. Once the run has ended, the final judgement reads all of it, once.
 */
public final class LiveWindow {
  static final double NO_PHASE_WINDOW_S = 300;

  private LiveWindow() {}

  /** The earliest sample time to read at {@code now}. */
  public static double from(Run run, List<Phase> phases, double now) {
    if (run.end() != null) {
      return run.start() - 1;
    }
    double latestPhaseStart = Double.NEGATIVE_INFINITY;
    for (Phase p : phases) {
      latestPhaseStart = Math.max(latestPhaseStart, p.start());
    }
    double from = Double.isInfinite(latestPhaseStart) ? now - NO_PHASE_WINDOW_S : latestPhaseStart - 1;
    return Math.max(run.start() - 1, from);
  }
}
