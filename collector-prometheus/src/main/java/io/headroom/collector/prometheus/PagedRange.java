package io.headroom.collector.prometheus;

import java.io.IOException;
import java.util.List;

/**
 * A range query cut into pages by time, so that a week of a fleet is never one answer: each page
 * asks for at most {@link #MAX_POINTS} points per series (Prometheus refuses more than 11,000) and,
 * once the first page says how many series the query has, about the settings' values per page in
 * all. The pages meet without overlap: one starts a step after the last one's end.
 */
final class PagedRange {
  static final int MAX_POINTS = 10_000;

  interface SeriesSink {
    void accept(PromApi.Series series);
  }

  private PagedRange() {}

  /** @return the number of requests made */
  static int run(PromApi api, String query, double start, double end, double step, PrometheusReader.Settings settings,
      SeriesSink sink) throws IOException {
    int requests = 0;
    int points = settings.firstPoints();
    double from = start;
    while (from <= end) {
      double to = Math.min(end, from + (points - 1) * step);
      List<PromApi.Series> page = api.queryRange(query, from, to, step);
      requests++;
      page.forEach(sink::accept);
      points = pointsPerSeries(settings.valuesPerPage(), page.size());
      from = to + step;
    }
    return requests;
  }

  /** Points per series for the next page: the value budget shared by the series, within [1, MAX_POINTS]. */
  static int pointsPerSeries(int valuesPerPage, int series) {
    return (int) Math.max(1, Math.min(MAX_POINTS, valuesPerPage / Math.max(1, series)));
  }
}
