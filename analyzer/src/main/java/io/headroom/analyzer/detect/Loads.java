package io.headroom.analyzer.detect;

import io.headroom.model.HeadroomEntry;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/** The headroom rows of a window, from the same {@link Load} the rules judge by. */
public final class Loads {
  private Loads() {}

  /**
   * The entities whose readings are implausible in the window (docs/detection.md, "Implausible
   * readings"); none in a window with too few readings to be judged, where one reading is the p95.
   */
  public static Set<String> implausible(Context ctx) {
    Set<String> out = new TreeSet<>();
    if (Coverage.unjudged(ctx) != null) {
      return out;
    }
    for (String id : ctx.data().entityIdsWithSamples()) {
      Load l = ctx.hasReadings(id) ? Load.of(ctx, id) : null;
      if (l != null && l.implausible(ctx.thresholds())) {
        out.add(id);
      }
    }
    return out;
  }

  /**
   * One row per entity with a ceiling and readings in the window, in id order; a reading beyond
   * its ceiling by more than jitter is marked implausible (the ceiling or the counter is wrong).
   */
  public static List<HeadroomEntry> rows(Context ctx) {
    List<HeadroomEntry> rows = new ArrayList<>();
    for (String id : new TreeSet<>(ctx.data().entityIdsWithSamples())) {
      Load l = Load.of(ctx, id);
      if (l == null || !ctx.hasReadings(id)) {
        continue;
      }
      rows.add(new HeadroomEntry(id, ctx.entity(id).kind(), Detector.round4(l.pressure()),
          Detector.round4(l.share()), l.what(), PathLoads.judged(ctx, id), l.implausible(ctx)));
    }
    return rows;
  }
}
