package io.headroom.app.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the API refuses at the edge, against the real Kafka, PostgreSQL and analyzer: each value
 * here was once accepted with a 202 and then dead-lettered (never stored), or reached PostgreSQL
 * and came back as a 500 carrying PostgreSQL's own error text. Now each is a 400 naming the field.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ApiInputChecksTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final double T0 = 1_795_000_000.0;
  private static final String TIME_RANGE = "must be Unix seconds from 0 to 253402300799 (9999-12-31T23:59:59Z), got ";
  private static final String NUL = "contains a NUL character (U+0000) at index ";

  private LiveApi live;

  @BeforeAll
  void start(@TempDir Path dir) throws Exception {
    live = LiveApi.start(dir);
    assertEquals(201, live.post("/api/v1/runs", "{\"run\":\"open\",\"at\":" + T0 + "}").statusCode());
  }

  @AfterAll
  void stop() throws Exception {
    if (live != null) {
      live.close();
    }
  }

  @Test
  void timesOutsideZeroToYear9999AreRefusedAndNeverStored() throws Exception {
    assertEquals("at: " + TIME_RANGE + "1.0E300", refused(live.post("/api/v1/runs", "{\"run\":\"far\",\"at\":1e300}")));
    // JSON's 1e400 reads as a double's Infinity: once echoed back as "start":"Infinity"
    assertEquals("at: " + TIME_RANGE + "Infinity", refused(live.post("/api/v1/runs", "{\"run\":\"inf\",\"at\":1e400}")));
    assertEquals("at: " + TIME_RANGE + "-0.001", refused(live.post("/api/v1/runs", "{\"run\":\"neg\",\"at\":-0.001}")));
    assertEquals(404, live.get("/api/v1/runs/far", LiveApi.TOKEN).statusCode(), "a refused run is not stored");
    assertEquals("at: " + TIME_RANGE + "1.0E300", refused(live.post("/api/v1/runs/open/phases", "{\"name\":\"p\",\"at\":1e300}")));
    assertEquals("at: " + TIME_RANGE + "Infinity", refused(live.post("/api/v1/runs/open/end", "{\"at\":1e400}")));
    JsonNode open = JSON.readTree(live.get("/api/v1/runs/open", LiveApi.TOKEN).body());
    assertEquals("running", open.get("state").asText(), "the refused end did not end it");
    assertEquals(0, open.get("phases").size());
  }

  /** Both ends of the range are stored and read back as given: 0 is 1970-01-01, 253402300799 the last second of 9999. */
  @Test
  void theFirstAndLastSecondsOfTheRangeAreStored() throws Exception {
    assertEquals(201, live.post("/api/v1/runs", "{\"run\":\"epoch\",\"at\":0}").statusCode());
    assertEquals(0.0, JSON.readTree(live.get("/api/v1/runs/epoch", LiveApi.TOKEN).body()).get("start").asDouble());
    assertEquals(201, live.post("/api/v1/runs", "{\"run\":\"last\",\"at\":253402300799}").statusCode());
    assertEquals(253402300799.0, JSON.readTree(live.get("/api/v1/runs/last", LiveApi.TOKEN).body()).get("start").asDouble());
    // one millisecond past it is past the year 9999
    assertEquals("at: " + TIME_RANGE + "2.53402300799001E11",
        refused(live.post("/api/v1/runs", "{\"run\":\"after\",\"at\":253402300799.001}")));
  }

  @Test
  void aNulOrControlCharacterInANameIsRefusedNotDeadLettered() throws Exception {
    assertEquals("workload.tool: " + NUL + "3, which PostgreSQL cannot store",
        refused(live.post("/api/v1/runs", "{\"run\":\"w\",\"workload\":{\"tool\":\"fio\\u0000\"}}")));
    assertEquals("workload (a key): " + NUL + "1, which PostgreSQL cannot store",
        refused(live.post("/api/v1/runs", "{\"run\":\"w\",\"workload\":{\"b\\u0000s\":4096}}")));
    assertEquals("run: " + NUL + "1, which PostgreSQL cannot store",
        refused(live.post("/api/v1/runs", "{\"run\":\"r\\u0000\"}")));
    // the analyzer's rule for every producer: a '|' would file the run under another testbed
    assertEquals("testbed: must not contain '|' (it separates key parts on Kafka)",
        refused(live.post("/api/v1/runs", "{\"run\":\"t\",\"testbed\":\"x|relb\"}")));
    assertEquals("testbed: must name the testbed",
        refused(live.post("/api/v1/runs", "{\"run\":\"t\",\"testbed\":\" \"}")));
    assertEquals("testbed: contains the control character U+001B at index 3",
        refused(live.post("/api/v1/runs", "{\"run\":\"t\",\"testbed\":\"lab\\u001b[31m\"}")));
    assertEquals("name: " + NUL + "2, which PostgreSQL cannot store",
        refused(live.post("/api/v1/runs/open/phases", "{\"name\":\"qd\\u00001\"}")));
    assertEquals("name: contains the control character U+0007 at index 2",
        refused(live.post("/api/v1/runs/open/phases", "{\"name\":\"qd\\u00071\"}")));
    assertEquals(404, live.get("/api/v1/runs/w", LiveApi.TOKEN).statusCode());
  }

  @Test
  void aNulInAPathQueryOrAnnotationIsA400NotPostgresqlsError() throws Exception {
    assertEquals("run: " + NUL + "1, which PostgreSQL cannot store", refused(live.get("/api/v1/runs/o%00pen", LiveApi.TOKEN)));
    assertEquals("run: " + NUL + "1, which PostgreSQL cannot store", refused(live.get("/runs/o%00pen", LiveApi.TOKEN)));
    assertEquals("testbed: " + NUL + "2, which PostgreSQL cannot store",
        refused(live.get("/api/v1/runs/open?testbed=la%00b", LiveApi.TOKEN)));
    assertEquals("text: " + NUL + "5, which PostgreSQL cannot store",
        refused(live.post("/api/v1/runs/open/annotations", "{\"text\":\"cache\\u0000flushed\"}")));
    // a note may run over lines; a bell in it may not
    assertEquals(201, live.post("/api/v1/runs/open/annotations", "{\"text\":\"line one\\nline two\\tend\"}").statusCode());
    assertEquals("text: contains the control character U+0007 at index 1",
        refused(live.post("/api/v1/runs/open/annotations", "{\"text\":\"a\\u0007\"}")));
  }

  @Test
  void queryParametersAreCheckedAndAnUndecodableOneIsA400() throws Exception {
    assertEquals("since: " + TIME_RANGE + "NaN", refused(live.get("/api/v1/runs?since=NaN", LiveApi.TOKEN)));
    assertEquals("until: " + TIME_RANGE + "-1.0E300", refused(live.get("/api/v1/runs?until=-1e300", LiveApi.TOKEN)));
    assertEquals("since: " + TIME_RANGE + "Infinity", refused(live.get("/api/v1/runs?since=Infinity", LiveApi.TOKEN)));
    assertEquals(200, live.get("/api/v1/runs?since=0&until=253402300799", LiveApi.TOKEN).statusCode());
    // limit: 1 and 1000 are the ends of its range
    assertEquals(1, JSON.readTree(live.get("/api/v1/runs?limit=1", LiveApi.TOKEN).body()).get("runs").size());
    assertEquals(200, live.get("/api/v1/runs?limit=1000", LiveApi.TOKEN).statusCode());
    assertEquals("limit: must be a whole number from 1 to 1000, got \"0\"", refused(live.get("/api/v1/runs?limit=0", LiveApi.TOKEN)));
    assertEquals("limit: must be a whole number from 1 to 1000, got \"1001\"", refused(live.get("/api/v1/runs?limit=1001", LiveApi.TOKEN)));
    assertEquals("limit: must be a whole number from 1 to 1000, got \"NaN\"", refused(live.get("/api/v1/runs?limit=NaN", LiveApi.TOKEN)));
    // a percent sign without two hex digits after it (Java's URI refuses to send it, curl does not): once a 500
    for (String target : List.of("/api/v1/runs?testbed=%zz", "/api/v1/runs/%zz")) {
      String answer = live.rawGet(target);
      assertTrue(answer.startsWith("HTTP/1.1 400 ") && answer.contains("\r\nContent-Type: application/json\r\n"), answer);
      assertEquals("path or query: cannot be decoded (each '%' must start an escape of two hex digits, %XX)",
          JSON.readTree(answer.substring(answer.indexOf("\r\n\r\n") + 4)).get("error").asText());
    }
  }

  /** A failure the API did not foresee (here a constraint the database adds) gives a reference, never PostgreSQL's text. */
  @Test
  void aDatabaseFailureIsA500WithAReferenceAndNotTheDatabasesText() throws Exception {
    try (Connection c = live.db.connect(); Statement s = c.createStatement()) {
      s.execute("ALTER TABLE annotation ADD CONSTRAINT no_boom CHECK (text <> 'boom')");
      try {
        HttpResponse<String> r = live.post("/api/v1/runs/open/annotations", "{\"text\":\"boom\"}");
        assertEquals(500, r.statusCode(), r.body());
        String error = JSON.readTree(r.body()).get("error").asText();
        assertTrue(error.matches("internal error \\(reference [0-9a-f]{8} in the analyzer's log\\)"), error);
        assertFalse(r.body().contains("no_boom") || r.body().contains("annotation"), r.body());
      } finally {
        s.execute("ALTER TABLE annotation DROP CONSTRAINT no_boom");
      }
    }
  }

  @Test
  void aFormBodyIsAJson415AndAnOversizedBodyAJson413() throws Exception {
    // over Netty's 8 KB form attribute limit: once a plain-text "Bad Request" and a stack trace in the log
    String form = "name=" + "x".repeat(9000);
    HttpResponse<String> r = live.post("/api/v1/runs/open/phases", form, "application/x-www-form-urlencoded");
    assertEquals(415, r.statusCode(), r.body());
    assertEquals("application/json", r.headers().firstValue("Content-Type").orElse(""));
    assertEquals("body: must be JSON (Content-Type: application/json), not application/x-www-form-urlencoded",
        JSON.readTree(r.body()).get("error").asText());
    assertEquals(415, live.post("/api/v1/runs", "--b\r\n\r\nx\r\n--b--\r\n", "multipart/form-data; boundary=b").statusCode());
    // 64 KiB = 65536 bytes is the most a body may be: padded to exactly that it is read, one byte more is refused
    String run = "{\"run\":\"big\"}";
    assertEquals(201, live.post("/api/v1/runs", run + " ".repeat(65536 - run.length()), "application/json").statusCode());
    HttpResponse<String> over = live.post("/api/v1/runs", run + " ".repeat(65537 - run.length()), "application/json");
    assertEquals(413, over.statusCode(), over.body());
    assertEquals("body: over 64 KiB", JSON.readTree(over.body()).get("error").asText());
  }

  /** The 400's error text, after checking it is one and JSON. */
  /**
   * Issue 48: a body with a byte that is not UTF-8 was decoded with replacement and stored as
   * "g-\uFFFD(" (201). {"run":"g-?("} with 0xFF for the ?: the 12th of its 14 bytes.
   */
  @Test
  void aBodyThatIsNotUtf8IsA400NamingTheByte() throws Exception {
    byte[] body = "{\"run\":\"g-?(\"}".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    body[11] = (byte) 0xFF;
    assertEquals("body: not UTF-8: byte 0xFF at byte 12 of 14", refused(live.post("/api/v1/runs", body)));
    assertEquals(404, live.get("/api/v1/runs/g-%EF%BF%BD(", LiveApi.TOKEN).statusCode(), "nothing stored");
  }

  /** Issue 48: a phase at 1970 on a run started at T0 (2026) was stored (201); so was one before the phase open. */
  @Test
  void aPhaseBeforeItsRunOrTheOpenPhaseIsA400() throws Exception {
    assertEquals(201, live.post("/api/v1/runs", "{\"run\":\"timed\",\"at\":" + T0 + "}").statusCode());
    assertEquals("at: 0.0 is before the run's start " + T0,
        refused(live.post("/api/v1/runs/timed/phases", "{\"name\":\"p0\",\"at\":0}")));
    assertEquals(201, live.post("/api/v1/runs/timed/phases", "{\"name\":\"p1\",\"at\":" + (T0 + 10) + "}").statusCode());
    assertEquals("at: " + (T0 + 5) + " is before the start " + (T0 + 10) + " of phase \"p1\": phases follow one another",
        refused(live.post("/api/v1/runs/timed/phases", "{\"name\":\"p2\",\"at\":" + (T0 + 5) + "}")));
    // only p1 was stored
    assertEquals(1, JSON.readTree(live.get("/api/v1/runs/timed", LiveApi.TOKEN).body()).get("phases").size());
  }

  private static String refused(HttpResponse<String> r) throws Exception {
    assertEquals(400, r.statusCode(), r.body());
    assertEquals("application/json", r.headers().firstValue("Content-Type").orElse(""));
    return JSON.readTree(r.body()).get("error").asText();
  }
}
