package io.headroom.collector.prometheus;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The step the data was scraped at, from the spacing of raw samples: a range selector queried at
 * an instant returns the samples as stored, so the median gap between neighbours is the scrape
 * interval (whatever the server: Prometheus, VictoriaMetrics, Mimir, Thanos), and a missed scrape
 * or two does not move it.
 */
final class ScrapeStep {
  /** How much of the window's start is looked at: enough for a 60 s scrape to show its gaps. */
  static final double PROBE_S = 300;

  private ScrapeStep() {}

  /**
   * @param selector a plain series selector (node_uname_info, up{job="snmp"})
   * @return seconds, or NaN when no series has two samples in the probe
   */
  static double of(PromApi api, String selector, double start, double end) throws IOException {
    double length = Math.min(PROBE_S, Math.max(1, end - start));
    List<PromApi.Series> raw = api.query(selector + "[" + (long) Math.ceil(length) + "s]", start + length);
    return median(raw);
  }

  static double median(List<PromApi.Series> raw) {
    List<Double> gaps = new ArrayList<>();
    for (PromApi.Series s : raw) {
      for (int i = 1; i < s.ts().length; i++) {
        gaps.add(s.ts()[i] - s.ts()[i - 1]);
      }
    }
    if (gaps.isEmpty()) {
      return Double.NaN;
    }
    gaps.sort(null);
    // to the millisecond: Prometheus stores times in milliseconds
    return Math.round(gaps.get(gaps.size() / 2) * 1000) / 1000.0;
  }
}
