package io.headroom.collector.ontap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.Source;
import io.headroom.collector.source.SourceContext;
import io.headroom.standin.Captures;
import io.headroom.standin.StandinReply;
import io.headroom.standin.StandinServer;
import io.headroom.standin.arrays.OntapStandin;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * volume_statistics against the real KeyPerf capture (shared/fixtures/arrays/ontap/keyperf-volume)
 * and against answers that move the timestamp by exactly 0 and 1 s, carry a status not "ok" or a
 * timestamp that is no ISO 8601 time, or a counter that went back.
 */
class VolumeStatisticsTest {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  @TempDir
  Path dir;

  private Source source(StandinServer server) throws Exception {
    Files.writeString(dir.resolve("pw"), "capture");
    String yaml = "url: " + server.baseUri() + "\nplaintext: true\nusername: capture\npassword_file: pw\nretries: 0\n"
        + "tables: []\nvolume_statistics: true\n";
    return new OntapSourceFactory().create(new SourceContext("osc", Duration.ofSeconds(5), dir), YAML.readTree(yaml));
  }

  @Test
  void theSameTimestampTwiceGivesNoFigureAndTheCapturesIntervalGivesItsRates() throws Exception {
    Path capture = Captures.find("arrays/ontap/keyperf-volume");
    assumeTrue(capture != null, "shared/fixtures/arrays not found next to the checkout (or $HEADROOM_FIXTURES): skipped");
    try (StandinServer server = OntapStandin.serve(capture); Source source = source(server)) {
      Scrape first = new Scrape(1000); // poll 1
      source.scrape(first);
      assertEquals(4, first.entities().size());
      Scrape again = new Scrape(1005); // poll 1 again: 0 s between the samples
      source.scrape(again);
      assertEquals(0, again.sampleCount());
      Scrape second = new Scrape(1010); // poll 2, 16:17:17Z - 16:14:56Z = 141 s later
      source.scrape(second);
      // osc_vol01 iops_raw.read 421727167 -> 422149966: 422799 / 141 s
      assertEquals(422799.0 / 141, value(second, "osc/volume/osc/osc_vol01", "read_iops"), 1e-9);
      // latency_raw.write 11514088463 -> 11514404841 us over iops_raw.write 23780415 -> 23781083: 316378 / 668 us
      assertEquals(316378.0 / 668 / 1e6, value(second, "osc/volume/osc/osc_vol01", "write_latency_s"), 1e-15);
      // RahulTest did not change: 0 ops/s, and no latency over no operation
      assertEquals(0.0, value(second, "osc/volume/osc/RahulTest", "read_iops"));
      assertNull(value(second, "osc/volume/osc/RahulTest", "read_latency_s"));
      assertEquals(List.of(), second.problems());
    }
  }

  /** One volume; reads 100 more operations each answer, the timestamp moved by the given seconds. */
  private static String body(int n, int secondsLater, String status) {
    return "{\"records\":[{\"uuid\":\"u1\",\"name\":\"v1\",\"svm\":{\"name\":\"s1\"},\"statistics\":{"
        + "\"timestamp\":\"2024-07-29T16:14:" + (10 + secondsLater) + "Z\",\"status\":\"" + status + "\","
        + "\"iops_raw\":{\"read\":" + (1000 + 100 * n) + ",\"write\":0},"
        + "\"latency_raw\":{\"read\":" + (50000 + 20000 * n) + ",\"write\":0},"
        + "\"throughput_raw\":{\"read\":" + 4096L * (1000 + 100 * n) + ",\"write\":0}}}],\"num_records\":1}";
  }

  @Test
  void oneSecondIsAnIntervalAndAStatusNotOkIsSaid() throws Exception {
    AtomicInteger polls = new AtomicInteger();
    // poll 0 at :10, poll 1 at :11 (1 s: the smallest interval the timestamp can tell), poll 2 not ok
    List<String> answers = List.of(body(0, 0, "ok"), body(1, 1, "ok"), body(2, 2, "partial_no_data"));
    try (StandinServer server = StandinServer.builder().start().requireBasic("capture", "capture")) {
      server.handle("/api/storage/volumes", req -> StandinReply.json(answers.get(Math.min(polls.getAndIncrement(), 2))));
      try (Source source = source(server)) {
        source.scrape(new Scrape(1000));
        Scrape oneSecond = new Scrape(1001);
        source.scrape(oneSecond);
        // 100 reads in 1 s; 20000 us over 100 reads = 200 us; 409600 bytes in 1 s
        assertEquals(100.0, value(oneSecond, "osc/volume/s1/v1", "read_iops"));
        assertEquals(2e-4, value(oneSecond, "osc/volume/s1/v1", "read_latency_s"), 1e-15);
        assertEquals(409600.0, value(oneSecond, "osc/volume/s1/v1", "read_bytes_per_s"));
        Scrape notOk = new Scrape(1002);
        source.scrape(notOk);
        assertEquals(0, notOk.sampleCount());
        assertEquals(List.of("osc/volumes: 1 without usable statistics: v1 (partial_no_data)"), notOk.degraded());
      }
    }
  }

  /** One volume v1 at {@code timestamp}: reads and their summed latency as given, no writes, 4 KiB a read. */
  private static String answer(String timestamp, long reads, long readLatencyUs) {
    return "{\"records\":[{\"uuid\":\"u1\",\"name\":\"v1\",\"svm\":{\"name\":\"s1\"},\"statistics\":{"
        + "\"timestamp\":\"" + timestamp + "\",\"status\":\"ok\","
        + "\"iops_raw\":{\"read\":" + reads + ",\"write\":0},"
        + "\"latency_raw\":{\"read\":" + readLatencyUs + ",\"write\":0},"
        + "\"throughput_raw\":{\"read\":" + 4096 * reads + ",\"write\":0}}}],\"num_records\":1}";
  }

  /** The source polled once per answer, at 1000, 1001, ...; the scrapes in order. */
  private List<Scrape> poll(String... answers) throws Exception {
    AtomicInteger polls = new AtomicInteger();
    try (StandinServer server = StandinServer.builder().start().requireBasic("capture", "capture")) {
      server.handle("/api/storage/volumes", req -> StandinReply.json(answers[polls.getAndIncrement()]));
      try (Source source = source(server)) {
        List<Scrape> scrapes = new java.util.ArrayList<>();
        for (int i = 0; i < answers.length; i++) {
          Scrape s = new Scrape(1000 + i);
          source.scrape(s);
          scrapes.add(s);
        }
        return scrapes;
      }
    }
  }

  @Test
  void countersThatMovedUnderTheSameTimestampGiveNoFigureAndAreTheNextOnesBase() throws Exception {
    List<Scrape> s = poll(answer("2024-07-29T16:14:10Z", 1000, 50000),
        answer("2024-07-29T16:14:10Z", 1100, 70000), // 100 reads, 20000 us, yet 0 s: no interval
        answer("2024-07-29T16:14:11Z", 1200, 80000));
    assertEquals(0, s.get(1).sampleCount());
    // from the second answer, not the first: 100 reads in 1 s, 10000 us over 100 reads = 100 us
    assertEquals(100.0, value(s.get(2), "osc/volume/s1/v1", "read_iops"));
    assertEquals(1e-4, value(s.get(2), "osc/volume/s1/v1", "read_latency_s"), 1e-15);
  }

  @Test
  void aCounterThatWentBackGivesNoFigureThisTimeAndTheOthersStand() throws Exception {
    // iops_raw.read 1000 -> 900 (a takeover reset it): no read_iops, nor a latency over its operations
    List<Scrape> s = poll(answer("2024-07-29T16:14:10Z", 1000, 50000), answer("2024-07-29T16:14:12Z", 900, 70000));
    assertNull(value(s.get(1), "osc/volume/s1/v1", "read_iops"));
    assertNull(value(s.get(1), "osc/volume/s1/v1", "read_latency_s"));
    assertNull(value(s.get(1), "osc/volume/s1/v1", "read_bytes_per_s"));
    // writes 0 -> 0 over 2 s: 0 ops/s
    assertEquals(0.0, value(s.get(1), "osc/volume/s1/v1", "write_iops"));
  }

  @Test
  void aTimestampThatIsNotIso8601IsNoSampleAndIsSaid() throws Exception {
    // a space for the T: Instant.parse refuses it, so the statistics cannot be placed in time
    List<Scrape> s = poll(answer("2024-07-29 16:14:10Z", 1000, 50000));
    assertEquals(List.of("osc/volumes: 1 without usable statistics: v1 (ok)"), s.get(0).degraded());
    assertEquals(1, s.get(0).entities().size()); // the volume itself is known
  }

  private static Double value(Scrape s, String entity, String metric) {
    return s.readings().getOrDefault(entity, List.of()).stream().filter(r -> r.metric().equals(metric))
        .map(Scrape.Reading::value).findFirst().orElse(null);
  }
}
