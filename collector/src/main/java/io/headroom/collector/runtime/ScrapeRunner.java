package io.headroom.collector.runtime;

import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.Source;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import io.headroom.model.log.RateLimitedLog;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.DoubleSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one scrape of one source and adds the source's own health: scrape duration, success,
 * problems, sample count and records refused because the database could not store them (each
 * refusal is a problem, logged once naming the source and the entity), as samples of the entity {@code HOST/collector/SOURCE}. A source that
 * throws still yields those (success 0), so a dead source shows on the dashboards. Success is
 * exactly "the source's scrape returned": sources throw when the device refused the credentials
 * (or a login is held after a refusal) and when not one request was answered, so a BMC with a
 * wrong password reads 0, not 1 with 0 samples (docs/metrics/collector.md). The scheduler
 * adds what only it knows: the intervals it had to skip ({@link #countMissedInterval}, reported as
 * a running total) and how late this scrape started.
 *
 * <p>Not for concurrent use: one scrape of a runner at a time (the scheduler guarantees it).
 */
public final class ScrapeRunner {
  private static final Logger LOG = LoggerFactory.getLogger(ScrapeRunner.class);
  private final String host;
  private final Source source;
  private final DoubleSupplier clock;
  /** Problems already logged; one gone for 10 minutes is logged again when it comes back. */
  private final RecentlySeen<Boolean> problemsSeen = new RecentlySeen<>(Duration.ofMinutes(10), System::nanoTime);
  private final AtomicLong missedIntervals = new AtomicLong();
  /** A source that fails every scrape (a BMC down) says so once a minute, not every interval. */
  private final RateLimitedLog failures = new RateLimitedLog(LOG, Duration.ofMinutes(1));

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

  /** A scrape on demand: it started when asked, so its lag is 0. */
  public Scrape scrapeOnce() {
    return scrapeOnce(0);
  }

  /**
   * A scheduled scrape.
   *
   * @param lagSeconds how late it started after its scheduled time
   */
  public Scrape scrapeOnce(double lagSeconds) {
    Scrape scrape = new Scrape(clock.getAsDouble());
    long started = System.nanoTime();
    boolean ok = true;
    try {
      source.scrape(scrape);
    } catch (Exception e) {
      ok = false;
      failures.warn("scrape failed", "source {} of {} failed: {}", source.name(), host, e.toString());
    }
    double seconds = (System.nanoTime() - started) / 1e9;
    logNewProblems(scrape);
    scrape.entity(new Entity(selfId(), EntityKind.COLLECTOR, source.name() + " source on " + host,
        Map.of("source", source.name(), "interval_s", source.interval().toMillis() / 1000.0), Map.of()));
    int samples = scrape.sampleCount();
    scrape.sample(selfId(), CollectorMetrics.SCRAPE_DURATION, seconds);
    scrape.sample(selfId(), CollectorMetrics.SCRAPE_SUCCESS, ok ? 1 : 0);
    scrape.sample(selfId(), CollectorMetrics.SCRAPE_PROBLEMS, scrape.problems().size());
    scrape.sample(selfId(), CollectorMetrics.SCRAPE_SAMPLES, samples);
    scrape.sample(selfId(), CollectorMetrics.SCRAPE_MISSED_INTERVALS, missedIntervals.get());
    scrape.sample(selfId(), CollectorMetrics.SCRAPE_LAG, Math.max(0, lagSeconds));
    scrape.sample(selfId(), CollectorMetrics.SCRAPE_REFUSED_RECORDS, scrape.refusedRecords());
    return scrape;
  }

  /** Each distinct problem is logged once at WARN; a problem that repeats every second is not news. */
  private void logNewProblems(Scrape scrape) {
    for (String p : scrape.problems()) {
      if (problemsSeen.put(p, Boolean.TRUE) == null) {
        LOG.warn("source {} of {}: partial result: {}", source.name(), host, p);
      }
    }
  }

  /** One scheduled interval of this source went without a scrape (called by the scheduler). */
  void countMissedInterval() {
    missedIntervals.incrementAndGet();
  }

  /** Intervals missed since this runner was made (the value {@code scrape_missed_intervals} reports). */
  public long missedIntervals() {
    return missedIntervals.get();
  }

  public Source source() {
    return source;
  }
}
