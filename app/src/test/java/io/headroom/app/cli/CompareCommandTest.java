package io.headroom.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.headroom.app.testing.StoredRecording;
import io.headroom.app.testing.TestDatabase;
import io.headroom.model.recording.RecordingReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `headroom compare` on study S5's before/after recordings, from the files and from a real database. */
class CompareCommandTest {
  private static final String BEFORE = "../docs/scenarios/s5-powerstore-before.jsonl";
  private static final String AFTER = "../docs/scenarios/s5-powerstore-upgrade.jsonl";
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void theJsonIsTheDocumentedContract() throws Exception {
    Cli cli = new Cli();
    assertEquals(0, cli.run("compare", BEFORE, AFTER, "--json"), cli.err());
    JsonNode c = JSON.readTree(cli.out());
    assertEquals(List.of("a", "b", "phases", "unmatched", "summary"), names(c));
    assertEquals("s5-before", c.get("a").get("run").asText());
    assertEquals("s5-powerstore", c.get("b").get("testbed").asText());
    JsonNode read100 = c.get("phases").get(0);
    assertEquals(List.of("name", "matched_by", "a", "b", "change", "change_of", "p_value", "significant",
        "limit_moved", "metrics", "explanation"), names(read100), "b_name only when matched by parameters");
    assertEquals(List.of("phase", "bottleneck", "entity", "members", "limit_utilization", "throughput_bytes_per_s",
        "iops", "latency_s", "read_share"), names(read100.get("a")));
    assertEquals("4k-rand-read100", read100.get("name").asText());
    assertEquals("ARRAY_CPU", read100.get("a").get("bottleneck").asText());
    assertEquals("NONE", read100.get("b").get("bottleneck").asText());
    assertTrue(read100.get("b").get("entity").isNull());
    // 150,000 / 130,435 IOPS of 4 KiB each: 1.15, within the noise of two 55-reading means
    assertEquals(1.15, read100.get("change").asDouble(), 0.015);
    assertTrue(read100.get("significant").asBoolean());
    assertTrue(read100.get("limit_moved").asBoolean());
    // each worker keeps 0.97 x 64 I/Os in flight at 130,435 / 2 IOPS: 0.97 x 64 / 65,217.5 = 0.952 ms
    // (Little's law, S5PowerStore.pattern); 5% noise on 55 readings: 3 x 5% / sqrt(55) = 2% either way
    assertEquals(0.97 * 64 / (130_435 / 2.0), read100.get("a").get("latency_s").get("mean").asDouble(),
        0.02 * 0.97 * 64 / (130_435 / 2.0));
    assertTrue(read100.get("a").get("latency_s").get("p99").isNull(), "the recording reports no p99");
    assertTrue(read100.get("explanation").get(0).asText().startsWith("4k-rand-read100 +15%: the limit moved from ARRAY_CPU"));
    JsonNode read25 = c.get("phases").get(2);
    assertTrue(!read25.get("significant").asBoolean() && read25.get("p_value").asDouble() >= 0.05);
    assertEquals(0, c.get("unmatched").get("a").size());
    assertTrue(c.get("summary").asText().startsWith("s5 vs s5-before: read-heavy phase +15%"));
  }

  @Test
  void theTextStartsWithTheLineToPaste() {
    Cli cli = new Cli();
    assertEquals(0, cli.run("compare", BEFORE, AFTER), cli.err());
    String[] lines = cli.out().split("\n");
    assertTrue(lines[0].startsWith("s5 vs s5-before: read-heavy phase +15% (the limit moved: ARRAY_CPU -> NONE)"), lines[0]);
    assertTrue(cli.out().contains("phase 4k-rand-read100: +15%; limit ARRAY_CPU on s5/ps1200t/node-a -> NONE (moved)"),
        cli.out());
    assertTrue(cli.out().contains("phase 8k-rand-read25: ~; limit ARRAY_CPU on s5/ps1200t/node-a -> ARRAY_CPU on s5/ps1200t/node-a\n"),
        cli.out());
  }

  @Test
  void theReportPageCarriesTheSummary(@TempDir Path dir) throws Exception {
    Path page = dir.resolve("compare.html");
    Cli cli = new Cli();
    assertEquals(0, cli.run("compare", BEFORE, AFTER, "--report", page.toString()), cli.err());
    String html = Files.readString(page);
    String summary = cli.out().split("\n")[0];
    assertTrue(html.contains("<p class=\"verdict\" id=\"summary\">" + summary.replace(">", "&gt;") + "</p>"), html);
    long kb = ReportFile.kilobytes(Files.size(page)); // whole kB of 1000 bytes, rounded (AnalyzeCommandTest checks the arithmetic)
    assertEquals("report: wrote " + page + " (" + kb + " kB)\n", cli.err(), "said on stderr; stdout stays the comparison");
  }

  @Test
  void anUnknownRunWithoutATestbedFileSaysWhatToDo() {
    Cli cli = new Cli();
    assertEquals(ExitCodes.USAGE, cli.run("compare", BEFORE, "s5"));
    assertTrue(cli.err().contains("s5: no such recording; to compare run ids, name the testbed file whose database "
        + "holds them with --testbed"), cli.err());
  }

  @Test
  void runIdsAreComparedFromTheTestbedsDatabase(@TempDir Path dir) throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      try (var database = db.migrated(); Connection c = database.connection()) {
        StoredRecording.store(c, RecordingReader.readAll(Path.of(BEFORE), false));
        StoredRecording.store(c, RecordingReader.readAll(Path.of(AFTER), false));
      }
      Path testbed = dir.resolve("testbed.yaml");
      Files.writeString(testbed, "testbed: s5-powerstore\ndatabase:\n  url: " + db.url() + "\n");
      Cli fromFiles = new Cli();
      assertEquals(0, fromFiles.run("compare", BEFORE, AFTER), fromFiles.err());
      Cli stored = new Cli();
      assertEquals(0, stored.run("compare", "--testbed", testbed.toString(), "s5-before", "s5"), stored.err());
      assertEquals(fromFiles.out(), stored.out(), "the same runs compared from the database and from the files");
      Cli missing = new Cli();
      assertEquals(ExitCodes.USAGE, missing.run("compare", "--testbed", testbed.toString(), "s5-before", "s6"));
      assertTrue(missing.err().contains("no run \"s6\""), missing.err());
    }
  }

  @Test
  void aDatabaseThatDoesNotAnswerIsUnavailable(@TempDir Path dir) throws Exception {
    // port 1 on the loopback: nothing listens there, the connection is refused at once
    Path testbed = dir.resolve("testbed.yaml");
    Files.writeString(testbed, "testbed: lab\ndatabase:\n  url: jdbc:postgresql://127.0.0.1:1/headroom\n");
    Cli cli = new Cli();
    assertEquals(ExitCodes.UNAVAILABLE, cli.run("compare", "--testbed", testbed.toString(), "r1", "r2"));
    assertTrue(cli.err().startsWith("headroom compare: the database at jdbc:postgresql://127.0.0.1:1/headroom did not answer: "),
        cli.err());
  }

  private static List<String> names(JsonNode n) {
    List<String> out = new ArrayList<>();
    n.fieldNames().forEachRemaining(out::add);
    return out;
  }
}
