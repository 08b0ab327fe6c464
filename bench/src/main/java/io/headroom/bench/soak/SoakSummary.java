package io.headroom.bench.soak;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * The soak's verdict on its samples: growth from minute 5 (after warm-up: classes loaded, JIT
 * done, the spool's and the producer's buffers filled) to the end, and the largest RSS.
 * Each end is the mean of a minute of samples (six at 10 s), so one sample taken just before or
 * after a collection does not decide the growth figure.
 */
final class SoakSummary {
  static final double WARM_UP_S = 300;
  static final double WINDOW_S = 60;
  static final double GROWTH_TARGET = 0.05;
  static final double RSS_TARGET_MB = 200;

  record Row(double elapsedS, double rssMb, double heapAfterGcMb, double heapCommittedMb, long gcs,
      long sent, long dropped, int threads) {
    static final String HEADER = "elapsed_s,rss_mb,heap_after_gc_mb,heap_committed_mb,gcs,records_sent,dropped,threads";

    String csv() {
      return String.format(java.util.Locale.ROOT, "%.0f,%.1f,%.1f,%.1f,%d,%d,%d,%d",
          elapsedS, rssMb, heapAfterGcMb, heapCommittedMb, gcs, sent, dropped, threads);
    }
  }

  private final List<Row> rows = new ArrayList<>();
  private double liveAtWarmUpMb = Double.NaN;
  private double liveAtEndMb = Double.NaN;

  /** Whether the live heap at minute 5 is still to be taken. */
  boolean wantsWarmUpLive(double elapsedS) {
    return Double.isNaN(liveAtWarmUpMb) && elapsedS >= WARM_UP_S;
  }

  void liveAtWarmUp(double mb) {
    liveAtWarmUpMb = mb;
  }

  void liveAtEnd(double mb) {
    liveAtEndMb = mb;
  }

  void add(Row row) {
    rows.add(row);
  }

  /** Mean of the rows from {@code fromS} (inclusive) for one window. */
  private double meanFrom(double fromS, ToDoubleFunction<Row> f) {
    return rows.stream().filter(r -> r.elapsedS() >= fromS && r.elapsedS() < fromS + WINDOW_S)
        .mapToDouble(f).average().orElse(Double.NaN);
  }

  /** (mean of the last minute) / (mean of minute 5) - 1; NaN when the run was too short. */
  double growth(ToDoubleFunction<Row> f) {
    if (rows.isEmpty()) {
      return Double.NaN;
    }
    double end = rows.get(rows.size() - 1).elapsedS();
    if (end < WARM_UP_S + 2 * WINDOW_S) {
      return Double.NaN;
    }
    return meanFrom(end - WINDOW_S + 1e-9, f) / meanFrom(WARM_UP_S, f) - 1;
  }

  double maxRssMb() {
    return rows.stream().mapToDouble(Row::rssMb).max().orElse(Double.NaN);
  }

  /** The report's lines: each figure beside its target and whether it is met. */
  List<String> report() {
    double rss = growth(Row::rssMb);
    double heap = growth(Row::heapAfterGcMb);
    double max = maxRssMb();
    double live = liveAtEndMb / liveAtWarmUpMb - 1;
    return List.of(
        line("live heap (least of 4 full GCs) growth, minute 5 to the end", pct(live), "< 5%", live < GROWTH_TARGET)
            + String.format(" (%.1f MB -> %.1f MB)", liveAtWarmUpMb, liveAtEndMb),
        line("RSS growth, minute 5 to the end", pct(rss), "< 5%", rss < GROWTH_TARGET),
        line("heap-after-GC growth, minute 5 to the end", pct(heap), "< 5%", heap < GROWTH_TARGET),
        line("max RSS", String.format("%.1f MB", max), "< 200 MB", max < RSS_TARGET_MB),
        String.format("minute 5: RSS %.1f MB, heap after GC %.1f MB; last minute: RSS %.1f MB, heap after GC %.1f MB",
            meanFrom(WARM_UP_S, Row::rssMb), meanFrom(WARM_UP_S, Row::heapAfterGcMb),
            lastMinute(Row::rssMb), lastMinute(Row::heapAfterGcMb)));
  }

  private double lastMinute(ToDoubleFunction<Row> f) {
    return rows.isEmpty() ? Double.NaN : meanFrom(rows.get(rows.size() - 1).elapsedS() - WINDOW_S + 1e-9, f);
  }

  private static String pct(double growth) {
    return Double.isNaN(growth) ? "n/a (run shorter than 7 minutes)" : String.format("%+.1f%%", growth * 100);
  }

  private static String line(String what, String value, String target, boolean met) {
    return String.format("RESULT %s: %s (target %s): %s", what, value, target, met ? "met" : "NOT met");
  }
}
