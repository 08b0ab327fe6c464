package io.headroom.collector.powerstore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which rows of a metrics/generate series are new: none at the priming read, then the newest of it and later ones, repeats expanded. */
class SeriesCursorTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** 2026-12-01T10:00:00Z in Unix seconds. */
  private static final double T0 = Instant.parse("2026-12-01T10:00:00Z").getEpochSecond();
  private static final double TWENTY = 20;

  private final SeriesCursor cursor = new SeriesCursor();

  /** Rows as metrics/generate writes them: {"timestamp": ..., "repeat_count": ...}. */
  private static List<JsonNode> rows(String... json) throws IOException {
    List<JsonNode> out = new ArrayList<>();
    for (String j : json) {
      out.add(JSON.readTree(j));
    }
    return out;
  }

  private static List<Double> times(List<SeriesCursor.Timed> timed) {
    return timed.stream().map(SeriesCursor.Timed::ts).toList();
  }

  @Test
  void theFirstReadPrimesAndTheNextReportsTheNewestIntervalOfTheFirstAndLaterOnes() throws IOException {
    // given out of order: 10:00:20, 10:00:00; the first read reports nothing and marks 10:00:00,
    // the interval before the newest
    List<JsonNode> first = rows("{\"timestamp\":\"2026-12-01T10:00:20Z\",\"v\":2}", "{\"timestamp\":\"2026-12-01T10:00:00Z\",\"v\":1}");
    assertEquals(List.of(), cursor.fresh("N1", first, TWENTY));
    // the whole hour comes again with 10:00:40 and 10:01:00 added: 10:00:00 (== mark) is not new
    List<JsonNode> second = rows("{\"timestamp\":\"2026-12-01T10:00:00Z\"}", "{\"timestamp\":\"2026-12-01T10:00:20Z\",\"v\":2}",
        "{\"timestamp\":\"2026-12-01T10:01:00Z\"}", "{\"timestamp\":\"2026-12-01T10:00:40Z\"}");
    List<SeriesCursor.Timed> got = cursor.fresh("N1", second, TWENTY);
    assertEquals(List.of(T0 + 20, T0 + 40, T0 + 60), times(got));
    assertEquals(2, got.get(0).row().path("v").asInt());
    // nothing newer than 10:01:00: nothing, and the mark stays at 10:01:00
    assertEquals(List.of(), cursor.fresh("N1", second, TWENTY));
    List<JsonNode> third = rows("{\"timestamp\":\"2026-12-01T10:01:20Z\"}");
    assertEquals(List.of(T0 + 80), times(cursor.fresh("N1", third, TWENTY)));
  }

  @Test
  void twoReadsOfTheSameSeriesWithNoBoundaryBetweenThemStillReportTheNewestInterval() throws IOException {
    // collect --once: two scrapes a few seconds apart inside one 20 s interval see the same rows;
    // the second must still report the newest, 10:00:20 (it used to report nothing)
    List<JsonNode> hour = rows("{\"timestamp\":\"2026-12-01T10:00:00Z\"}", "{\"timestamp\":\"2026-12-01T10:00:20Z\"}");
    assertEquals(List.of(), cursor.fresh("N1", hour, TWENTY));
    assertEquals(List.of(T0 + 20), times(cursor.fresh("N1", hour, TWENTY)));
    assertEquals(List.of(), cursor.fresh("N1", hour, TWENTY)); // reported once, never again
  }

  @Test
  void aSeriesOfOneRowIsReportedWholeByTheSecondRead() throws IOException {
    // no interval before the newest: the mark is below every time, so the second read has 10:00:00
    List<JsonNode> one = rows("{\"timestamp\":\"2026-12-01T10:00:00Z\"}");
    assertEquals(List.of(), cursor.fresh("N1", one, TWENTY));
    assertEquals(List.of(T0), times(cursor.fresh("N1", one, TWENTY)));
  }

  @Test
  void aRepeatedRowStandsForThatManyIntervalsOneIntervalApart() throws IOException {
    cursor.fresh("N1", rows("{\"timestamp\":\"2026-12-01T09:59:40Z\"}", "{\"timestamp\":\"2026-12-01T10:00:00Z\"}"), TWENTY);
    // primed at 09:59:40; repeat_count 3 at 10:00:20 with a 20 s interval: 10:00:20, 10:00:40, 10:01:00 (20 + 20 i)
    List<SeriesCursor.Timed> got = cursor.fresh("N1",
        rows("{\"timestamp\":\"2026-12-01T10:00:20Z\",\"repeat_count\":3,\"v\":7}"), TWENTY);
    assertEquals(List.of(T0 + 20, T0 + 40, T0 + 60), times(got));
    got.forEach(t -> assertEquals(7, t.row().path("v").asInt()));
    // the same row with a 300 s interval: 10:00:20 + 300 i, only the later two are new after 10:01:00
    assertEquals(List.of(T0 + 320, T0 + 620), times(cursor.fresh("N1",
        rows("{\"timestamp\":\"2026-12-01T10:00:20Z\",\"repeat_count\":3}"), 300)));
  }

  @Test
  void aRepeatedNewestRowPrimesAtItsLastButOneInterval() throws IOException {
    // repeat_count 2 at 10:00:20: 10:00:20 and 10:00:40; primed at 10:00:20, the next read has 10:00:40
    List<JsonNode> rows = rows("{\"timestamp\":\"2026-12-01T10:00:20Z\",\"repeat_count\":2}");
    assertEquals(List.of(), cursor.fresh("N1", rows, TWENTY));
    assertEquals(List.of(T0 + 40), times(cursor.fresh("N1", rows, TWENTY)));
  }

  @Test
  void aRepeatCountBelowOneIsOneRow() throws IOException {
    // repeat_count 0 (or absent): max(1, 0) = one reading, which the second read reports
    List<JsonNode> rows = rows("{\"timestamp\":\"2026-12-01T10:00:20Z\",\"repeat_count\":0}");
    cursor.fresh("N1", rows, TWENTY);
    assertEquals(List.of(T0 + 20), times(cursor.fresh("N1", rows, TWENTY)));
  }

  @Test
  void eachSeriesHasItsOwnMark() throws IOException {
    List<JsonNode> both = rows("{\"timestamp\":\"2026-12-01T10:00:00Z\"}", "{\"timestamp\":\"2026-12-01T10:00:20Z\"}");
    cursor.fresh("N1", both, TWENTY);
    assertEquals(List.of(T0 + 20), times(cursor.fresh("N1", both, TWENTY)));
    // N2 was never read: its first read primes it, although N1 already reported 10:00:20
    assertEquals(List.of(), cursor.fresh("N2", both, TWENTY));
    assertEquals(List.of(T0 + 20), times(cursor.fresh("N2", both, TWENTY)));
  }

  @Test
  void anEmptySeriesIsNothingAndLeavesTheSeriesUnprimed() throws IOException {
    assertEquals(List.of(), cursor.fresh("N1", List.of(), TWENTY));
    // still never read with rows: the next read primes, the one after reports the newest
    List<JsonNode> two = rows("{\"timestamp\":\"2026-12-01T10:00:00Z\"}", "{\"timestamp\":\"2026-12-01T10:00:20Z\"}");
    assertEquals(List.of(), cursor.fresh("N1", two, TWENTY));
    assertEquals(List.of(T0 + 20), times(cursor.fresh("N1", two, TWENTY)));
  }

  @Test
  void fractionsOfASecondAreKept() throws IOException {
    // 10:00:20.5: 20 + 500,000,000 ns / 1e9 = 20.5 s after T0
    List<JsonNode> rows = rows("{\"timestamp\":\"2026-12-01T10:00:20.500Z\"}");
    cursor.fresh("N1", rows, TWENTY);
    assertEquals(List.of(T0 + 20.5), times(cursor.fresh("N1", rows, TWENTY)));
  }

  @Test
  void aRowWithoutATimeOrWithAnUnreadableOneNamesTheSeries() throws IOException {
    IOException none = assertThrows(IOException.class, () -> cursor.fresh("ps1/node/N1", rows("{\"v\":1}"), TWENTY));
    assertEquals("ps1/node/N1: a metrics row has no timestamp", none.getMessage());
    IOException bad = assertThrows(IOException.class,
        () -> cursor.fresh("ps1/node/N1", rows("{\"timestamp\":\"yesterday\"}"), TWENTY));
    assertEquals("ps1/node/N1: timestamp \"yesterday\" is not an ISO-8601 date-time", bad.getMessage());
  }
}
