package io.headroom.analyzer.analysis;

import io.headroom.analyzer.detect.Context;
import io.headroom.analyzer.detect.Loads;
import io.headroom.model.HeadroomEntry;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How close each entity came to its ceiling (docs/detection.md, "Load against the practical
 * ceiling"): the detection rules' own arithmetic ({@link Loads}), so the table and the verdict
 * tell one story. Per phase, each entity's heaviest p95 against its practical ceiling, with the
 * share of line rate beside it; for the run, each entity's tightest phase.
 */
public final class HeadroomCalculator {
  private HeadroomCalculator() {}

  /** The window's rows, tightest first (ties by id), implausible rows last. */
  public static List<HeadroomEntry> headroom(Context ctx) {
    List<HeadroomEntry> out = new ArrayList<>(Loads.rows(ctx));
    out.sort(ORDER);
    return out;
  }

  /**
   * Each entity's row from the phase where it came closest to its ceiling, tightest first; a
   * plausible row wins over an implausible one, which says nothing about headroom.
   */
  public static List<HeadroomEntry> tightestOf(List<List<HeadroomEntry>> phases) {
    Map<String, HeadroomEntry> best = new LinkedHashMap<>();
    for (List<HeadroomEntry> rows : phases) {
      for (HeadroomEntry row : rows) {
        best.merge(row.entity(), row, (a, b) -> a.implausible() != b.implausible()
            ? (a.implausible() ? b : a)
            : b.utilization() > a.utilization() ? b : a);
      }
    }
    List<HeadroomEntry> out = new ArrayList<>(best.values());
    out.sort(ORDER);
    return out;
  }

  /** Tightest first; an implausible row after every plausible one, since it is no headroom. */
  private static final Comparator<HeadroomEntry> ORDER = Comparator.comparing(HeadroomEntry::implausible)
      .thenComparing(Comparator.comparingDouble(HeadroomEntry::utilization).reversed())
      .thenComparing(HeadroomEntry::entity);
}
