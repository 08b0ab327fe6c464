package io.headroom.collector.powerstore;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which of a series' intervals were already reported. metrics/generate answers with the whole
 * recent series every time (an hour of 20 s rows), so each scrape keeps only the rows newer than
 * the last one it reported for that entity. The first read of a series primes it, as the first
 * scrape primes counters: it reports nothing and marks the interval before the newest as the last
 * reported, so the next read reports the newest interval of the first one and everything after
 * (history before the collector started is not backfilled). That way {@code collect --once},
 * which prints its second scrape, shows every series, whether or not one of the array's interval
 * boundaries fell between its two scrapes. Each row is stamped with the array's own time for the
 * end of its interval ("timestamp": "2022-11-28T03:00:20Z").
 *
 * <p>A row whose values did not change over several intervals comes once with {@code
 * repeat_count} n: it stands for the n intervals starting at its timestamp, one interval apart
 * (as Dell's SDK fields say, "number of times the metrics is repeated"), so it is expanded into n
 * readings rather than reported as one.
 */
final class SeriesCursor {
  /** One interval's row at its time, Unix seconds. */
  record Timed(double ts, JsonNode row) {}

  private final Map<String, Double> lastReported = new HashMap<>();

  /**
   * The rows of {@code key}'s series not reported yet, oldest first; marks them reported. The first
   * read of a series with rows is none (it primes the series, see above).
   */
  List<Timed> fresh(String key, List<JsonNode> rows, double intervalSeconds) throws IOException {
    List<Timed> all = new ArrayList<>();
    for (JsonNode row : rows) {
      double ts = timestamp(row, key);
      int repeats = Math.max(1, row.path("repeat_count").asInt(1));
      for (int i = 0; i < repeats; i++) {
        all.add(new Timed(ts + i * intervalSeconds, row));
      }
    }
    all.sort((a, b) -> Double.compare(a.ts(), b.ts()));
    if (all.isEmpty()) {
      return all;
    }
    Double last = lastReported.get(key);
    if (last == null) {
      lastReported.put(key, all.size() > 1 ? all.get(all.size() - 2).ts() : Double.NEGATIVE_INFINITY);
      return List.of();
    }
    List<Timed> fresh = new ArrayList<>();
    for (Timed t : all) {
      if (t.ts() > last) {
        fresh.add(t);
      }
    }
    if (!fresh.isEmpty()) {
      lastReported.put(key, fresh.get(fresh.size() - 1).ts());
    }
    return fresh;
  }

  private static double timestamp(JsonNode row, String key) throws IOException {
    String text = row.path("timestamp").asText(null);
    if (text == null) {
      throw new IOException(key + ": a metrics row has no timestamp");
    }
    try {
      OffsetDateTime t = OffsetDateTime.parse(text);
      return t.toEpochSecond() + t.getNano() / 1e9;
    } catch (DateTimeParseException e) {
      throw new IOException(key + ": timestamp \"" + text + "\" is not an ISO-8601 date-time");
    }
  }
}
