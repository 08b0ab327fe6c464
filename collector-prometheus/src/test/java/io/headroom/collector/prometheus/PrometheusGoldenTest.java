package io.headroom.collector.prometheus;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The node_exporter mapping over real answers of a real Prometheus 2.42 that scraped a real
 * node_exporter 1.5 every second during a fio run on the build machine (the case's README says how
 * they were made). Expected figures are worked out here from the raw counter samples the same
 * Prometheus returned, not from the rates it computed.
 */
class PrometheusGoldenTest {
  static final Path CASE = Path.of("src/test/resources/golden/prometheus/node-exporter-fio");
  static final double START = 1796654560;
  static final double END = 1796654569;
  /** Small pages, so the capture has more than one per query: 4 points first, then 20 values over the series. */
  static final PrometheusReader.Settings PAGES = new PrometheusReader.Settings(0, 4, 20);
  static final String RAW_READS = "node_disk_reads_completed_total{device=\"vda\"}[12s]";
  static final String RAW_CPU = "node_cpu_seconds_total[12s]";

  static PrometheusReader.Result result;
  /** The same window read with the case's override.yaml over the shipped node_exporter mapping. */
  static PrometheusReader.Result overridden;
  static List<PromApi.Series> rawReads;
  static List<PromApi.Series> rawCpu;
  static List<String> asked;

  @BeforeAll
  static void read() throws Exception {
    String capture = System.getProperty("headroom.prometheus.capture");
    try (RecordedPrometheus p = capture == null ? RecordedPrometheus.replaying(CASE.resolve("answers.jsonl"))
        : RecordedPrometheus.recording(URI.create(capture));
        PromApi api = new PromApi(RemoteHttpClient.builder(RemoteEndpoint.of(p.url()).withPlaintext(true), null).build(), null)) {
      ExporterMapping node = MappingFiles.load(null).stream().filter(m -> m.exporter().equals("node_exporter")).findFirst().orElseThrow();
      result = new PrometheusReader(api, List.of(node), PAGES).read(START, END);
      asked = List.copyOf(p.asked());
      overridden = new PrometheusReader(api, MappingFiles.load(CASE.resolve("override.yaml")), PAGES).read(START, END);
      rawReads = api.query(RAW_READS, END);
      rawCpu = api.query(RAW_CPU, END);
      if (capture != null) {
        p.save(CASE.resolve("answers.jsonl"));
      }
    }
  }

  @Test
  void theStepIsTheScrapeIntervalFromTheSamplesSpacing() {
    assertEquals(Map.of("node_exporter", 1.0), result.steps());
  }

  @Test
  void aDisksIopsIsTheRateOfItsCounterBetweenTheLastTwoScrapes() {
    Map<Double, Double> iops = readings("vm/disk/vda", "read_iops");
    assertEquals(10, iops.size(), "one reading a step, " + START + " to " + END);
    // by hand: node_disk_reads_completed_total{device="vda"} was 376822 at 1796654558.122 and 438543 at
    // 1796654559.122, the last two scrapes at or before START: (438543 - 376822) / 1.000 s
    assertEquals(61721, iops.get(START), 1e-9);
    // and 496982 at 1796654560.122: (496982 - 438543) / 1.000 s at START + 1
    assertEquals(58439, iops.get(START + 1), 1e-9);
    PromApi.Series counter = rawReads.get(0);
    for (Map.Entry<Double, Double> e : iops.entrySet()) {
      int i = lastAtOrBefore(counter, e.getKey());
      double expected = (counter.values()[i] - counter.values()[i - 1]) / (counter.ts()[i] - counter.ts()[i - 1]);
      assertEquals(expected, e.getValue(), 1e-9 * Math.max(1, expected), "read_iops at " + e.getKey());
    }
  }

  @Test
  void theHostsUtilIsTheShareOfCpuTimeNotIdleNorIowait() {
    Map<Double, Double> util = readings("vm/cpu", "util");
    assertEquals(10, util.size());
    for (Map.Entry<Double, Double> e : util.entrySet()) {
      double idle = 0;
      double all = 0;
      for (PromApi.Series s : rawCpu) {
        int i = lastAtOrBefore(s, e.getKey());
        double d = s.values()[i] - s.values()[i - 1];
        all += d;
        if (s.label("mode").equals("idle") || s.label("mode").equals("iowait")) {
          idle += d;
        }
      }
      assertEquals(1 - idle / all, e.getValue(), 1e-9, "util at " + e.getKey());
    }
  }

  @Test
  void pagesMeetWithoutGapOrOverlap() {
    // first page 4 points (START..START+3); the disks' queries have two series (vda, zram0): 20 / 2 = 10 a page after
    String iops = "irate(node_disk_reads_completed_total";
    List<String> pages = asked.stream().filter(a -> a.startsWith("/api/v1/query_range?query=" + 
        java.net.URLEncoder.encode(iops, java.nio.charset.StandardCharsets.UTF_8))).toList();
    assertEquals(2, pages.size(), pages.toString());
    assertTrue(pages.get(0).contains("start=1796654560.000&end=1796654563.000"), pages.get(0));
    assertTrue(pages.get(1).contains("start=1796654564.000&end=1796654569.000"), pages.get(1));
    assertEquals(List.of(START, START + 1, START + 2, START + 3, START + 4, START + 5, START + 6, START + 7, START + 8, END),
        List.copyOf(readings("vm/disk/vda", "read_iops").keySet()));
  }

  /** The entities, their relations and ceilings, the problems, and how many readings each metric of each entity got. */
  @Test
  void entitiesRelationsProblemsAndReadingsMatchTheGoldenFile() throws Exception {
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

  @Test
  void aUserFileReplacesTheShippedMappingOfItsExporterAndASeriesMissingIsSaidPerEntity() {
    // override.yaml reads disks only, and busy time for vda alone: zram0 is found by its IOPS and lacks util
    List<String> ids = overridden.records().stream().filter(r -> r instanceof Entity).map(r -> ((Entity) r).id()).toList();
    assertEquals(List.of("vm/disk/vda", "vm/disk/zram0"), ids);
    assertTrue(overridden.problems().contains(
        "vm/disk/zram0: no util: no series (irate(node_disk_io_time_seconds_total{device=\"vda\"}[$window]))"),
        overridden.problems().toString());
    assertEquals(1, overridden.problems().stream().filter(p -> p.startsWith("vm/disk/")).count(), overridden.problems().toString());
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

  /** The index of the series' last raw sample at or before {@code t}. */
  private static int lastAtOrBefore(PromApi.Series s, double t) {
    int i = s.ts().length - 1;
    while (s.ts()[i] > t) {
      i--;
    }
    return i;
  }

}
