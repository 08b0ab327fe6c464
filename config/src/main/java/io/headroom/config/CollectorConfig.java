package io.headroom.config;

import java.util.ArrayList;
import java.util.List;

/**
 * The collector's own settings ({@code collector:}).
 *
 * @param maxWorkers the most scrapes that run at once, across all sources (the scheduler's worker
 *     pool; it never gets more threads than there are targets). Remote targets spend their scrape
 *     waiting, so a pool of W keeps up while targets x scrape duration / interval stays below W:
 *     1,000 BMCs scraped every 10 s, each scrape 6 round trips of 300 ms (1.8 s), need
 *     1,000 x 1.8 / 10 = 180 workers. Each worker is a thread and possibly a connection.
 */
public record CollectorConfig(Integer maxWorkers) {
  public static final int DEFAULT_MAX_WORKERS = 64;
  /** Far beyond any sensible pool; a larger number is a typo. */
  public static final int MAX_WORKERS_LIMIT = 4096;
  public static final CollectorConfig DEFAULTS = new CollectorConfig(null);

  public CollectorConfig {
    maxWorkers = maxWorkers == null ? DEFAULT_MAX_WORKERS : maxWorkers;
  }

  List<String> validate() {
    List<String> problems = new ArrayList<>();
    if (maxWorkers < 1 || maxWorkers > MAX_WORKERS_LIMIT) {
      problems.add("max_workers: must be 1 to " + MAX_WORKERS_LIMIT + ", was " + maxWorkers);
    }
    return problems;
  }
}
