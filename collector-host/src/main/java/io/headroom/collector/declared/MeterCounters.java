package io.headroom.collector.declared;

import io.headroom.collector.source.Counters;

/**
 * A meter's one group of counters. The scrape is begun only once a reading succeeded, so a read
 * that failed leaves the last good reading to compare against (the rate then spans both scrapes).
 */
final class MeterCounters {
  private MeterCounters() {}

  static Counters.Delta delta(Counters counters, double ts, long[] now) {
    counters.begin();
    return counters.delta("", ts, now);
  }
}
