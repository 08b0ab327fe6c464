package io.headroom.collector.prometheus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.Source;
import io.headroom.collector.source.SourceContext;
import io.headroom.model.Entity;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code type: prometheus} as a scheduled source, over a real Prometheus's recorded answers (the same
 * server, exporter and fio run as node-exporter-fio; source-windows/README.md): two scrapes read two
 * windows that meet, each reading at its own time, none twice.
 */
class PrometheusSourceTest {
  static final Path CASE = Path.of("src/test/resources/golden/prometheus/source-windows");
  static final double START = PrometheusGoldenTest.START;

  @Test
  void twoScrapesReadTwoWindowsThatMeetEachReadingAtItsOwnTime() throws Exception {
    String capture = System.getProperty("headroom.prometheus.capture");
    Scrape first = new Scrape(START + 7);
    Scrape second = new Scrape(START + 11);
    try (RecordedPrometheus p = capture == null ? RecordedPrometheus.replaying(CASE.resolve("answers.jsonl"))
        : RecordedPrometheus.recording(URI.create(capture))) {
      ObjectNode section = JsonNodeFactory.instance.objectNode();
      section.put("url", p.url().toString());
      section.put("plaintext", true);
      section.put("delay", "2s");
      try (Source source = new PrometheusSourceFactory().create(
          new SourceContext("prom", Duration.ofSeconds(5), Path.of(".")), section)) {
        source.scrape(first); // window: 7 - 2 s of delay, 5 s back: START .. START + 5
        source.scrape(second); // from a step after the last end to 11 - 2: START + 6 .. START + 9
      }
      if (capture != null) {
        p.save(CASE.resolve("answers.jsonl"));
      }
    }
    assertEquals(List.of(START, START + 1, START + 2, START + 3, START + 4, START + 5), times(first));
    assertEquals(List.of(START + 6, START + 7, START + 8, START + 9), times(second));
    assertTrue(first.entities().stream().map(Entity::id).toList().containsAll(List.of("vm/cpu", "vm/disk/vda", "vm/net/eth0")),
        first.entities().toString());
    assertTrue(first.problems().stream().anyMatch(p -> p.contains("vm/net/eth0") && p.contains("no ceiling")), first.problems().toString());
  }

  private static List<Double> times(Scrape s) {
    return s.readings().get("vm/disk/vda").stream().filter(r -> r.metric().equals("read_iops")).map(Scrape.Reading::ts).toList();
  }
}
