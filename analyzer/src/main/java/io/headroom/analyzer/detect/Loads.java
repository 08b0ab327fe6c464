package io.headroom.analyzer.detect;

import io.headroom.model.HeadroomEntry;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/** The headroom rows of a window, from the same {@link Load} the rules judge by. */
public final class Loads {
  private Loads() {}

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
          Detector.round4(l.share()), l.what(), PathLoads.judged(ctx, id), l.implausible(ctx.thresholds())));
    }
    return rows;
  }
}
