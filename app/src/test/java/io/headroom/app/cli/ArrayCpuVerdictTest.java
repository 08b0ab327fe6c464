package io.headroom.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.headroom.app.service.Sources;
import io.headroom.collector.runtime.RecordingSink;
import io.headroom.collector.runtime.ScrapeScheduler;
import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.SourceRegistry;
import io.headroom.config.TestbedConfig;
import io.headroom.config.TestbedLoader;
import io.headroom.model.Bottleneck;
import io.headroom.model.Verdict;
import io.headroom.model.VerdictJson;
import io.headroom.model.recording.RecordingWriter;
import io.headroom.standin.arrays.PowerStoreStandin;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Study S5's verdict from the powerstore source's own output: the array stand-in serves both nodes
 * above 90 %, the collector's sources and scheduler scrape it as `headroom collect --once` does,
 * and `headroom analyze` judges the recording with the detection rules as they are.
 */
class ArrayCpuVerdictTest {
  static final Path S5 = Path.of("../collector-arrays/src/test/resources/golden/powerstore/s5-two-nodes/input/array.json")
      .toAbsolutePath();
  /** The S5 array's first row, 2026-12-01T10:00:00Z. */
  static final long T0 = Instant.parse("2026-12-01T10:00:00Z").getEpochSecond();

  @TempDir Path dir;

  @Test
  void theNodeServingTheBenchmarksVolumeIsTheLimit() throws Exception {
    List<String> lines = new ArrayList<>();
    lines.add("{\"type\":\"run\",\"run\":\"s5\",\"testbed\":\"s5\",\"start\":" + T0 + ",\"end\":" + (T0 + 80)
        + ",\"workload\":{\"tool\":\"fio\"}}");
    lines.add("{\"type\":\"phase\",\"run\":\"s5\",\"name\":\"4k-rand\",\"start\":" + T0 + ",\"end\":" + (T0 + 80) + "}");
    try (PowerStoreStandin.Running ps = PowerStoreStandin.serve(new ObjectMapper().readTree(S5.toFile()))) {
      lines.addAll(collectOnce(ps));
    }
    // the benchmark: its volume (served_by node N1, as the array says) and its host at 55 %
    lines.add("{\"type\":\"entity\",\"id\":\"client/cpu\",\"kind\":\"host_cpu\"}");
    lines.add("{\"type\":\"entity\",\"id\":\"client/fio/s5/job\",\"kind\":\"workload\"}");
    lines.add("{\"type\":\"relation\",\"from\":\"client/fio/s5/job\",\"rel\":\"targets\",\"to\":\"ps1/volume/bench-vol-1\"}");
    lines.add("{\"type\":\"relation\",\"from\":\"client/fio/s5/job\",\"rel\":\"runs_on\",\"to\":\"client/cpu\"}");
    for (int t = 10; t <= 70; t += 10) {
      lines.add("{\"type\":\"sample\",\"ts\":" + (T0 + t) + ",\"entity\":\"client/cpu\",\"metric\":\"util\",\"value\":0.55}");
      lines.add("{\"type\":\"sample\",\"ts\":" + (T0 + t) + ",\"entity\":\"client/fio/s5/job\",\"metric\":\"read_iops\",\"value\":60000}");
    }
    Path recording = dir.resolve("s5.jsonl");
    Files.write(recording, lines);

    Cli cli = new Cli();
    assertEquals(0, cli.run("analyze", "--json", recording.toString()), cli.err());
    Verdict v = VerdictJson.fromJson(cli.out().trim());
    assertEquals(Bottleneck.ARRAY_CPU, v.bottleneck(), v.toString());
    assertEquals("ps1/node/N1", v.entity());
    // N1's second scrape (the first primes the series): 0.935 at 10:00:20, the first scrape's
    // newest, then 0.94 at 10:00:40 and (repeat_count 2) 10:01:00: p95 0.94; node N2 is not on the
    // path (bench-vol-2 is not targeted), so it is judged alone; all three of its readings are at
    // its ceiling, and the fio job's 60,000 IOPS never move (cv 0%)
    assertTrue(v.evidence().get(0).startsWith("ps1/node/N1 util p95 0.94"), v.evidence().toString());
    assertTrue(v.evidence().get(0).contains("hosts util p95 0.55"), v.evidence().toString());
    assertEquals("sustained: ps1/node/N1 util at its ceiling in 3 of 3 readings (100%); the workload shows it: "
        + "throughput flat (cv 0%)", v.evidence().get(1));
  }

  /** What `headroom collect --once` prints for a testbed of the one powerstore source. */
  private List<String> collectOnce(PowerStoreStandin.Running ps) throws Exception {
    Files.writeString(dir.resolve("ps.pw"), "ps-secret-42\n");
    Path testbed = dir.resolve("testbed.yaml");
    Files.writeString(testbed, "testbed: s5\nsources:\n  - type: powerstore\n    host: ps1\n    interval: 20s\n"
        + "    url: " + ps.server().baseUri() + "\n    plaintext: true\n    username: monitor\n"
        + "    password_file: ps.pw\n    retries: 0\n");
    TestbedConfig tb = TestbedLoader.load(testbed, dir.resolve("spool"));
    StringWriter out = new StringWriter();
    RecordingWriter writer = new RecordingWriter(out);
    RecordingSink sink = new RecordingSink(writer::write);
    try (ScrapeScheduler scheduler = new ScrapeScheduler(tb.testbed(), Sources.runners(tb, SourceRegistry.discovered()),
        (name, s) -> { })) {
      scheduler.scrapeAllOnce(); // as collect --once: the first scrape primes, the second is printed
      for (Scrape s : scheduler.scrapeAllOnce()) {
        sink.accept(tb.testbed(), s);
      }
    }
    writer.flush();
    return List.of(out.toString().split("\n"));
  }
}
