package io.headroom.collector.runtime;

import io.headroom.config.CollectorConfig;
import java.time.Duration;

/**
 * How the {@link ScrapeScheduler} runs its targets.
 *
 * @param maxWorkers the most scrapes that run at once. The pool gets {@code min(targets,
 *     maxWorkers)} threads (at least one): a target never has two scrapes in flight, so more
 *     threads than targets would idle. The testbed's {@code collector.max_workers} (default 64,
 *     see {@link CollectorConfig}): remote targets' scrapes mostly wait on the network, and a pool
 *     of W threads keeps up while targets × scrape duration / interval stays below W, e.g. 1000
 *     BMCs scraped every 10 s in 1.8 s each need 180. Each thread costs a stack and possibly a
 *     connection, so the bound is deliberate; raise it for many slow targets rather than running
 *     unbounded.
 * @param closeTimeout how long {@link ScrapeScheduler#close()} lets running scrapes finish before
 *     interrupting them and closing the sources
 */
public record SchedulerSettings(int maxWorkers, Duration closeTimeout) {
  public static final int DEFAULT_MAX_WORKERS = CollectorConfig.DEFAULT_MAX_WORKERS;
  public static final Duration DEFAULT_CLOSE_TIMEOUT = Duration.ofSeconds(10);
  /** Far beyond any sensible pool; a larger number is a typo. */
  public static final int MAX_WORKERS_LIMIT = CollectorConfig.MAX_WORKERS_LIMIT;
  public static final SchedulerSettings DEFAULTS = new SchedulerSettings(DEFAULT_MAX_WORKERS, DEFAULT_CLOSE_TIMEOUT);

  /** Defaults but for the pool bound. */
  public static SchedulerSettings withMaxWorkers(int maxWorkers) {
    return new SchedulerSettings(maxWorkers, DEFAULT_CLOSE_TIMEOUT);
  }

  /** As the testbed's {@code collector:} section says. */
  public static SchedulerSettings of(CollectorConfig collector) {
    return withMaxWorkers(collector.maxWorkers());
  }

  /** Throws IllegalArgumentException naming the first invalid field; returns this otherwise. */
  public SchedulerSettings validate() {
    if (maxWorkers < 1 || maxWorkers > MAX_WORKERS_LIMIT) {
      throw new IllegalArgumentException("maxWorkers must be 1.." + MAX_WORKERS_LIMIT + ", was " + maxWorkers);
    }
    if (closeTimeout == null || closeTimeout.isNegative()) {
      throw new IllegalArgumentException("closeTimeout must be zero or positive, was " + closeTimeout);
    }
    return this;
  }

  /** The worker pool size for this many targets. */
  public int workersFor(int targets) {
    return Math.max(1, Math.min(targets, maxWorkers));
  }
}
