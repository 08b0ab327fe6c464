package io.headroom.collector.ontap;

import com.fasterxml.jackson.databind.JsonNode;
import io.headroom.collector.source.Scrape;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import io.headroom.model.MetricDef;
import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Volumes from {@code GET /api/storage/volumes?fields=statistics} (ONTAP 9.6+, what NetApp Harvest's
 * KeyPerf collector reads; setting {@code volume_statistics}), instead of the counter table
 * {@code volume}. Each volume's {@code statistics} block holds cumulative raw counters:
 * {@code iops_raw} (operations), {@code throughput_raw} (bytes) and {@code latency_raw}
 * (microseconds summed over the operations), each per read/write/other/total, stamped with
 * {@code statistics.timestamp}. As Harvest's KeyPerf does (cmd/collectors/keyperf/keyperf.go:
 * iops and throughput "rate", latency "average" in microsec over the same kind's iops, rates over
 * the timestamp's delta): a rate is the increase over the seconds between the two samples'
 * timestamps, never the polls' (docs/metrics/ontap.md). A sample whose timestamp did not move
 * (polled again before ONTAP's next sample) gives no figure: 0 s is no interval.
 */
final class VolumeStatistics {
  static final String PATH = "/api/storage/volumes?fields=uuid,name,svm.name,aggregates,statistics";

  /** A metric from one statistics block's member, and whether it is a latency over that kind's iops. */
  private record Spec(MetricDef metric, String block, String kind) {}

  private static final List<Spec> SPECS = List.of(
      new Spec(OntapMetrics.READ_IOPS, "iops_raw", "read"),
      new Spec(OntapMetrics.WRITE_IOPS, "iops_raw", "write"),
      new Spec(OntapMetrics.READ_BYTES, "throughput_raw", "read"),
      new Spec(OntapMetrics.WRITE_BYTES, "throughput_raw", "write"),
      new Spec(OntapMetrics.READ_LATENCY, "latency_raw", "read"),
      new Spec(OntapMetrics.WRITE_LATENCY, "latency_raw", "write"));

  /** One volume's last sample: its timestamp (Unix seconds) and statistics block. */
  private record Sample(double ts, JsonNode statistics) {}

  private Map<String, Sample> previous = new HashMap<>();

  /** Reads every volume; a volume whose statistics are not "ok" is counted in one degraded line. */
  void read(CounterApi api, Scrape scrape, String host) throws IOException {
    Map<String, Sample> current = new HashMap<>();
    TreeSet<String> notOk = new TreeSet<>();
    for (JsonNode v : api.records(PATH)) {
      String svm = v.path("svm").path("name").asText("-");
      String name = v.path("name").asText(v.path("uuid").asText());
      // the same id as the counter table's volume rows (CounterTables.VOLUME): one volume, one entity
      Entity e = new Entity(host + "/volume/" + svm + "/" + name, EntityKind.DISK, name, attrs(svm, v), Map.of());
      scrape.entity(e);
      JsonNode st = v.path("statistics");
      Double ts = timestamp(st);
      if (!"ok".equals(st.path("status").asText()) || ts == null) {
        notOk.add(name + " (" + st.path("status").asText("no statistics") + ")");
        continue;
      }
      String key = v.path("uuid").asText(e.id());
      Sample before = previous.get(key);
      current.put(key, new Sample(ts, st));
      if (before != null && ts > before.ts()) {
        for (Spec s : SPECS) {
          scrape.sample(ts, e.id(), s.metric(), figure(s, before.statistics(), st, ts - before.ts()));
        }
      }
    }
    previous = current;
    if (!notOk.isEmpty()) {
      scrape.degraded(host + "/volumes: " + notOk.size() + " without usable statistics: " + String.join(", ", notOk));
    }
  }

  /** The spec's figure in base units, NaN where it cannot be had (a counter reset, no operation). */
  private static double figure(Spec s, JsonNode before, JsonNode now, double seconds) {
    double d = increase(before, now, s.block(), s.kind());
    if (!s.block().equals("latency_raw")) {
      return d / seconds;
    }
    double ops = increase(before, now, "iops_raw", s.kind());
    // no operation in the interval: no latency to tell (never 0/0)
    return ops > 0 ? d / ops * 1e-6 : Double.NaN;
  }

  private static double increase(JsonNode before, JsonNode now, String block, String kind) {
    JsonNode a = before.path(block).path(kind);
    JsonNode b = now.path(block).path(kind);
    if (!a.isNumber() || !b.isNumber() || b.asDouble() < a.asDouble()) {
      return Double.NaN; // absent, or reset (takeover, reboot): no figure this time
    }
    return b.asDouble() - a.asDouble();
  }

  /** statistics.timestamp (ISO 8601, "2024-07-29T16:14:56Z") in Unix seconds, or null. */
  private static Double timestamp(JsonNode statistics) {
    try {
      return statistics.hasNonNull("timestamp")
          ? (double) Instant.parse(statistics.get("timestamp").asText()).getEpochSecond() : null;
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  private static Map<String, Object> attrs(String svm, JsonNode volume) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("svm", svm);
    List<String> aggregates = new java.util.ArrayList<>();
    volume.path("aggregates").forEach(a -> aggregates.add(a.path("name").asText()));
    if (!aggregates.isEmpty()) {
      m.put("aggregate", String.join(",", aggregates));
    }
    return m;
  }
}
