package io.headroom.collector.runtime;

import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.Source;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.DoubleSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one scrape of one source and adds the source's own health: scrape duration, success,
 * problems and sample count, as samples of the entity {@code HOST/collector/SOURCE}. A source that
 * throws still yields those (success 0), so a dead source shows on the dashboards.
 */
public final class ScrapeRunner {
  private static final Logger LOG = LoggerFactory.getLogger(ScrapeRunner.class);
  private final String host;
  private final Source source;
  private final DoubleSupplier clock;
  private final Set<String> problemsSeen = new HashSet<>();

  public ScrapeRunner(String host, Source source, DoubleSupplier clock) {
    this.host = host;
    this.source = source;
    this.clock = clock;
  }

  public String host() {
    return host;
  }

  public String selfId() {
    return host + "/collector/" + source.name();
  }

  public Scrape scrapeOnce() {
    Scrape scrape = new Scrape(clock.getAsDouble());
    long started = System.nanoTime();
    boolean ok = true;
    try {
      source.scrape(scrape);
    } catch (Exception e) {
      ok = false;
      LOG.warn("source {} of {} failed: {}", source.name(), host, e.toString());
    }
    double seconds = (System.nanoTime() - started) / 1e9;
    logNewProblems(scrape);
    scrape.entity(new Entity(selfId(), EntityKind.COLLECTOR, source.name() + " source on " + host,
        Map.of("source", source.name(), "interval_s", source.interval().toMillis() / 1000.0), Map.of()));
    int samples = scrape.sampleCount();
    scrape.sample(selfId(), CollectorMetrics.SCRAPE_DURATION.name(), seconds);
    scrape.sample(selfId(), CollectorMetrics.SCRAPE_SUCCESS.name(), ok ? 1 : 0);
    scrape.sample(selfId(), CollectorMetrics.SCRAPE_PROBLEMS.name(), scrape.problems().size());
    scrape.sample(selfId(), CollectorMetrics.SCRAPE_SAMPLES.name(), samples);
    return scrape;
  }

  /** Each distinct problem is logged once at WARN; a problem that repeats every second is not news. */
  private void logNewProblems(Scrape scrape) {
    for (String p : scrape.problems()) {
      if (problemsSeen.add(p)) {
        LOG.warn("source {} of {}: partial result: {}", source.name(), host, p);
      }
    }
  }

  public Source source() {
    return source;
  }
}
