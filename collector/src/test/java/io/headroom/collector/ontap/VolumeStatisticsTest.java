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
 * and against answers that move the timestamp by exactly 0 and 1 s or carry a status not "ok".
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

  private static Double value(Scrape s, String entity, String metric) {
    return s.readings().getOrDefault(entity, List.of()).stream().filter(r -> r.metric().equals(metric))
        .map(Scrape.Reading::value).findFirst().orElse(null);
  }
}
