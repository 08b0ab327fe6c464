package io.headroom.collector.powerstore;

import io.headroom.config.ConfigException;
import io.headroom.config.Durations;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;

/**
 * The metric intervals metrics/generate knows (Dell's MetricsIntervalEnum: Twenty_Sec, Five_Mins,
 * One_Hour, One_Day). The source's {@code interval:} must be one of them: the array averages over
 * its own interval, so scraping at another would read the same interval twice or skip some.
 */
record PowerStoreInterval(String apiName, Duration length) {
  private static final Map<Duration, String> NAMES = new TreeMap<>(Map.of(
      Duration.ofSeconds(20), "Twenty_Sec",
      Duration.ofMinutes(5), "Five_Mins",
      Duration.ofHours(1), "One_Hour",
      Duration.ofDays(1), "One_Day"));

  static final Duration DEFAULT = Duration.ofSeconds(20);

  static PowerStoreInterval of(Duration interval, String where) throws ConfigException {
    Duration d = interval == null ? DEFAULT : interval;
    String name = NAMES.get(d);
    if (name == null) {
      StringBuilder known = new StringBuilder();
      NAMES.keySet().forEach(k -> known.append(known.length() == 0 ? "" : ", ").append(Durations.format(k)));
      throw new ConfigException(where + ": interval: " + Durations.format(d)
          + " is not a PowerStore metric interval; use one of " + known);
    }
    return new PowerStoreInterval(name, d);
  }

  double seconds() {
    return length.toMillis() / 1000.0;
  }
}
