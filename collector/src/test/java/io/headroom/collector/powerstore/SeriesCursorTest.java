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

/** Which rows of a metrics/generate series are new: the newest first, then only later ones, repeats expanded. */
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
  void theFirstReadReportsOnlyTheNewestIntervalAndTheNextOnlyLaterOnes() throws IOException {
    // given out of order: 10:00:20, 10:00:00; the first read keeps the newest, 10:00:20
    List<JsonNode> first = rows("{\"timestamp\":\"2026-12-01T10:00:20Z\",\"v\":2}", "{\"timestamp\":\"2026-12-01T10:00:00Z\",\"v\":1}");
    List<SeriesCursor.Timed> got = cursor.fresh("N1", first, TWENTY);
    assertEquals(List.of(T0 + 20), times(got));
    assertEquals(2, got.get(0).row().path("v").asInt());
    // the whole hour comes again with 10:00:40 and 10:01:00 added: 10:00:20 (== last) is not new
    List<JsonNode> second = rows("{\"timestamp\":\"2026-12-01T10:00:00Z\"}", "{\"timestamp\":\"2026-12-01T10:00:20Z\"}",
        "{\"timestamp\":\"2026-12-01T10:01:00Z\"}", "{\"timestamp\":\"2026-12-01T10:00:40Z\"}");
    assertEquals(List.of(T0 + 40, T0 + 60), times(cursor.fresh("N1", second, TWENTY)));
    // nothing newer than 10:01:00: nothing, and the mark stays at 10:01:00
    assertEquals(List.of(), cursor.fresh("N1", second, TWENTY));
    List<JsonNode> third = rows("{\"timestamp\":\"2026-12-01T10:01:20Z\"}");
    assertEquals(List.of(T0 + 80), times(cursor.fresh("N1", third, TWENTY)));
  }

  @Test
  void aRepeatedRowStandsForThatManyIntervalsOneIntervalApart() throws IOException {
    cursor.fresh("N1", rows("{\"timestamp\":\"2026-12-01T10:00:00Z\"}"), TWENTY);
    // repeat_count 3 at 10:00:20 with a 20 s interval: 10:00:20, 10:00:40, 10:01:00 (20 + 20 i)
    List<SeriesCursor.Timed> got = cursor.fresh("N1",
        rows("{\"timestamp\":\"2026-12-01T10:00:20Z\",\"repeat_count\":3,\"v\":7}"), TWENTY);
    assertEquals(List.of(T0 + 20, T0 + 40, T0 + 60), times(got));
    got.forEach(t -> assertEquals(7, t.row().path("v").asInt()));
    // the same row with a 300 s interval: 10:00:20 + 300 i, only the later two are new after 10:01:00
    assertEquals(List.of(T0 + 320, T0 + 620), times(cursor.fresh("N1",
        rows("{\"timestamp\":\"2026-12-01T10:00:20Z\",\"repeat_count\":3}"), 300)));
  }

  @Test
  void aRepeatCountBelowOneIsOneRow() throws IOException {
    // repeat_count 0 (or absent): max(1, 0) = one reading, at the first read the newest
    assertEquals(List.of(T0 + 20), times(cursor.fresh("N1",
        rows("{\"timestamp\":\"2026-12-01T10:00:20Z\",\"repeat_count\":0}"), TWENTY)));
  }

  @Test
  void eachSeriesHasItsOwnMark() throws IOException {
    List<JsonNode> both = rows("{\"timestamp\":\"2026-12-01T10:00:00Z\"}", "{\"timestamp\":\"2026-12-01T10:00:20Z\"}");
    cursor.fresh("N1", both, TWENTY);
    // N2 was never read: its first read is its newest row, although N1 already reported it
    assertEquals(List.of(T0 + 20), times(cursor.fresh("N2", both, TWENTY)));
  }

  @Test
  void anEmptySeriesIsNothingAndLeavesTheMark() throws IOException {
    assertEquals(List.of(), cursor.fresh("N1", List.of(), TWENTY));
    // still never reported: the next read is a first read (newest only)
    List<JsonNode> two = rows("{\"timestamp\":\"2026-12-01T10:00:00Z\"}", "{\"timestamp\":\"2026-12-01T10:00:20Z\"}");
    assertEquals(List.of(T0 + 20), times(cursor.fresh("N1", two, TWENTY)));
  }

  @Test
  void fractionsOfASecondAreKept() throws IOException {
    // 10:00:20.5: 20 + 500,000,000 ns / 1e9 = 20.5 s after T0
    assertEquals(List.of(T0 + 20.5), times(cursor.fresh("N1",
        rows("{\"timestamp\":\"2026-12-01T10:00:20.500Z\"}"), TWENTY)));
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
