package io.headroom.collector.prometheus;

import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.Source;
import io.headroom.model.Entity;
import io.headroom.model.RecordingRecord;
import io.headroom.model.Relation;
import io.headroom.model.Sample;
import java.time.Duration;
import java.util.List;

/**
 * {@code type: prometheus}: a testbed's telemetry read from a Prometheus that scrapes its exporters,
 * as a scheduled source: each scrape reads what the server stored since the last one (up to
 * {@code delay} before the scrape's time), through the same mappings and reader as
 * {@code headroom import prometheus}, and reports it with the readings' own times. A failed read
 * is a problem of the scrape, and the next one reads its window again.
 */
public final class PrometheusSource implements Source {
  private final Duration interval;
  private final PromApi api;
  private final PrometheusReader reader;
  private final double delay;
  /** The end of the last window read, NaN before the first. */
  private double readUpTo = Double.NaN;

  PrometheusSource(Duration interval, PromApi api, List<ExporterMapping> mappings, PrometheusSettings settings) {
    this.interval = interval;
    this.api = api;
    double step = settings.step() == null ? 0 : settings.step().toMillis() / 1000.0;
    this.reader = new PrometheusReader(api, mappings, PrometheusReader.Settings.DEFAULTS.withStep(step));
    this.delay = settings.delay().toMillis() / 1000.0;
  }

  @Override
  public String name() {
    return "prometheus";
  }

  @Override
  public Duration interval() {
    return interval;
  }

  @Override
  public void scrape(Scrape scrape) throws Exception {
    double end = scrape.ts() - delay;
    // the first window is one interval long; later ones start where the last one stopped
    double start = Double.isNaN(readUpTo) ? end - interval.toMillis() / 1000.0 : readUpTo;
    if (end <= start) {
      return;
    }
    PrometheusReader.Result result = reader.read(start, end);
    report(result, scrape);
    // the next window starts a step after this one's end: a reading at its end is not read twice,
    // and the readings stay on one grid of steps
    double step = result.steps().values().stream().mapToDouble(Double::doubleValue).min().orElse(0.001);
    readUpTo = end + step;
  }

  /** The reader's records as the scrape's, each reading through its declaration and at its own time. */
  static void report(PrometheusReader.Result result, Scrape scrape) {
    for (RecordingRecord r : result.records()) {
      if (r instanceof Entity e) {
        scrape.entity(e);
      } else if (r instanceof Relation rel) {
        scrape.relation(rel);
      } else if (r instanceof Sample s) {
        scrape.sample(s.ts(), s.entity(), PrometheusMetrics.named(s.metric()).orElseThrow(), s.value());
      }
    }
    for (String p : result.problems()) {
      int colon = p.indexOf(": ");
      scrape.problem(colon > 0 ? p.substring(0, colon) : "prometheus", colon > 0 ? p.substring(colon + 2) : p);
    }
  }

  @Override
  public void close() {
    api.close();
  }
}
