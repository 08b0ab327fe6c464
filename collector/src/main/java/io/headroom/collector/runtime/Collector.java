package io.headroom.collector.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Schedules every source at its own interval and hands each scrape to the sink. A slow source
 * delays only itself: each has its own thread, and a scrape that overruns its interval makes the
 * next one start late rather than pile up.
 */
public final class Collector implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Collector.class);
  private final String testbed;
  private final List<ScrapeRunner> runners;
  private final ScrapeSink sink;
  private final ScheduledExecutorService scheduler;

  public Collector(String testbed, List<ScrapeRunner> runners, ScrapeSink sink) {
    this.testbed = testbed;
    this.runners = List.copyOf(runners);
    this.sink = sink;
    this.scheduler = Executors.newScheduledThreadPool(Math.max(1, runners.size()), r -> {
      Thread t = new Thread(r, "headroom-scrape");
      t.setDaemon(true);
      return t;
    });
  }

  public void start() {
    for (ScrapeRunner r : runners) {
      long period = r.source().interval().toMillis();
      scheduler.scheduleWithFixedDelay(() -> runOne(r), 0, period, TimeUnit.MILLISECONDS);
      LOG.info("scraping {} every {} ms", r.selfId(), period);
    }
  }

  /** One scrape of every source, in this thread (for `collect --once` and tests). */
  public List<io.headroom.collector.source.Scrape> scrapeAllOnce() {
    List<io.headroom.collector.source.Scrape> out = new ArrayList<>();
    for (ScrapeRunner r : runners) {
      out.add(r.scrapeOnce());
    }
    return out;
  }

  private void runOne(ScrapeRunner r) {
    try {
      sink.accept(testbed, r.scrapeOnce());
    } catch (RuntimeException e) {
      // Never let one failure cancel the schedule (a thrown exception would stop it for good).
      LOG.error("could not hand over a scrape of {}: {}", r.selfId(), e.toString());
    }
  }

  @Override
  public void close() throws InterruptedException {
    scheduler.shutdown();
    scheduler.awaitTermination(10, TimeUnit.SECONDS);
    for (ScrapeRunner r : runners) {
      try {
        r.source().close();
      } catch (Exception e) {
        LOG.warn("closing source {}: {}", r.selfId(), e.toString());
      }
    }
  }
}
