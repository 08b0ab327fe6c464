package io.headroom.collector.prometheus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.collector.golden.Golden;
import io.headroom.collector.remote.RemoteEndpoint;
import io.headroom.collector.remote.RemoteHttpClient;
import io.headroom.model.Entity;
import io.headroom.model.RecordingRecord;
import io.headroom.model.Relation;
import io.headroom.model.Sample;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The idrac_telemetry mapping (DellGEOS/idrac-telemetry-exporter's series) over the answers of a
 * real Prometheus 2.42 that scraped, every second, a stand-in of that exporter: names, labels and
 * MetricIds are the exporter's and a real iDRAC9's, the values are invented (the case's README says
 * exactly what is real). Expected figures are worked out here from the raw samples the same
 * Prometheus returned, not from what it computed.
 */
class IdracTelemetryGoldenTest {
  static final Path CASE = Path.of("src/test/resources/golden/prometheus/idrac-telemetry-standin");
  static final double START = Double.parseDouble(System.getProperty("headroom.idrac.start", "1796668436"));
  static final double END = START + 9;
  static final PrometheusReader.Settings PAGES = new PrometheusReader.Settings(0, 4, 20);
  static final String RAW_CPU = "PowerEdge_SystemUsage_CPUUsage[12s]";
  static final String RAW_RX = "PowerEdge_NICStatistics_RxBytes[12s]";
  /** Dell's no-reading value, which the stand-in answers at one probe in twelve. */
  static final double NO_READING = -2147483648.0;

  static PrometheusReader.Result result;
  static List<PromApi.Series> rawCpu;
  static List<PromApi.Series> rawRx;

  @BeforeAll
  static void read() throws Exception {
    String capture = System.getProperty("headroom.prometheus.capture");
    try (RecordedPrometheus p = capture == null ? RecordedPrometheus.replaying(CASE.resolve("answers.jsonl"))
        : RecordedPrometheus.recording(URI.create(capture));
        PromApi api = new PromApi(RemoteHttpClient.builder(RemoteEndpoint.of(p.url()).withPlaintext(true), null).build(), null)) {
      ExporterMapping idrac = MappingFiles.load(null).stream().filter(m -> m.exporter().equals("idrac_telemetry")).findFirst().orElseThrow();
      result = new PrometheusReader(api, List.of(idrac), PAGES).read(START, END);
      rawCpu = api.query(RAW_CPU, END);
      rawRx = api.query(RAW_RX, END);
      if (capture != null) {
        p.save(CASE.resolve("answers.jsonl"));
      }
    }
  }

  @Test
  void theStepIsTheScrapeIntervalFromTheSamplesSpacing() {
    assertEquals(Map.of("idrac_telemetry", 1.0), result.steps());
  }

  @Test
  void theHostsUtilIsTheBmcsCpuUsageOverAHundredAndDellsNoReadingIsNone() {
    Map<Double, Double> util = readings("r750/cpu", "util");
    // by hand, from the raw samples (one a second, at .928): 12 at START - 0.072 s is 0.12 at START;
    // 0 at START + 3.928 and 100 at START + 4.928 (the range's ends) are 0.0 and 1.0 at START + 4
    // and + 5; Dell's -2147483648 at START + 5.928 is no reading at START + 6; 64 is 0.64 at END
    assertEquals(0.12, util.get(START), 1e-12);
    assertEquals(0.0, util.get(START + 4), 0);
    assertEquals(1.0, util.get(START + 5), 0);
    assertFalse(util.containsKey(START + 6));
    assertEquals(0.64, util.get(END), 1e-12);
    PromApi.Series cpu = rawCpu.get(0);
    int kept = 0;
    for (double t = START; t <= END; t++) {
      double raw = cpu.values()[lastAtOrBefore(cpu, t)];
      if (raw == NO_READING) {
        assertFalse(util.containsKey(t), "no reading at " + t + " where the iDRAC had none");
      } else {
        // the percentage / 100, 0 and 100 (the range's ends) kept
        assertEquals(raw / 100, util.get(t), 1e-12, "util at " + t);
        kept++;
      }
    }
    assertEquals(kept, util.size());
    assertTrue(kept < 10, "the window holds the no-reading probe: " + util);
  }

  @Test
  void aPortsBytesAreItsPartitionsCountersSummedAsARateBetweenTheLastTwoScrapes() {
    Map<Double, Double> rx = readings("r750/net/NIC.Slot.5-1", "rx_bytes_per_s");
    assertEquals(10, rx.size(), "one reading a step, " + START + " to " + END);
    // by hand at START: the last two scrapes at or before it, START - 1.072 and START - 0.072:
    // (1028800000000 - 1028200000000) + (1012000000000 - 1011750000000) = 850,000,000 bytes in 1.000 s
    assertEquals(850_000_000, rx.get(START), 1e-3);
    // NIC.Slot.5-1-1 rises 600,000,000 bytes a probe and NIC.Slot.5-1-2 250,000,000: 850,000,000
    // over the time between the last two scrapes at or before each step
    PromApi.Series p1 = series(rawRx, "NIC.Slot.5-1-1");
    PromApi.Series p2 = series(rawRx, "NIC.Slot.5-1-2");
    for (Map.Entry<Double, Double> e : rx.entrySet()) {
      int i = lastAtOrBefore(p1, e.getKey());
      int j = lastAtOrBefore(p2, e.getKey());
      double expected = (p1.values()[i] - p1.values()[i - 1]) / (p1.ts()[i] - p1.ts()[i - 1])
          + (p2.values()[j] - p2.values()[j - 1]) / (p2.ts()[j] - p2.ts()[j - 1]);
      assertEquals(850_000_000 / (p1.ts()[i] - p1.ts()[i - 1]), expected, 1e-3, "the stand-in's steps at " + e.getKey());
      assertEquals(expected, e.getValue(), 1e-9 * expected, "rx_bytes_per_s at " + e.getKey());
    }
  }

  /** The entities, their relations, the problems, and how many readings each metric of each entity got. */
  @Test
  void entitiesProblemsAndReadingsMatchTheGoldenFile() throws Exception {
    StringBuilder out = new StringBuilder();
    Map<String, Integer> counts = new TreeMap<>();
    for (RecordingRecord r : result.records()) {
      if (r instanceof Entity e) {
        out.append("entity ").append(e.id()).append(' ').append(e.kind()).append(" \"").append(e.name()).append("\" ")
            .append(e.attrs()).append(' ').append(e.capacity()).append('\n');
      } else if (r instanceof Relation rel) {
        out.append("relation ").append(rel.from()).append(' ').append(rel.rel()).append(' ').append(rel.to()).append('\n');
      } else if (r instanceof Sample s) {
        counts.merge(s.entity() + " " + s.metric(), 1, Integer::sum);
      }
    }
    result.problems().forEach(p -> out.append("problem ").append(p).append('\n'));
    counts.forEach((k, n) -> out.append("readings ").append(k).append(' ').append(n).append('\n'));
    Golden.check(CASE.resolve("expected/records.txt"), out.toString());
  }

  private static Map<Double, Double> readings(String entity, String metric) {
    Map<Double, Double> out = new TreeMap<>();
    for (RecordingRecord r : result.records()) {
      if (r instanceof Sample s && s.entity().equals(entity) && s.metric().equals(metric)) {
        assertEquals(null, out.put(s.ts(), s.value()), "two readings at " + s.ts());
      }
    }
    return out;
  }

  private static PromApi.Series series(List<PromApi.Series> all, String fqdd) {
    return all.stream().filter(s -> fqdd.equals(s.label("FQDD"))).findFirst().orElseThrow();
  }

  /** The index of the series' last raw sample at or before {@code t}. */
  private static int lastAtOrBefore(PromApi.Series s, double t) {
    int i = s.ts().length - 1;
    while (s.ts()[i] > t) {
      i--;
    }
    return i;
  }
}
