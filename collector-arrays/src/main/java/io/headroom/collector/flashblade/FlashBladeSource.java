package io.headroom.collector.flashblade;

import com.fasterxml.jackson.databind.JsonNode;
import io.headroom.collector.remote.LoginFailedException;
import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.Source;
import io.headroom.model.Ceilings;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import io.headroom.model.MetricDef;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A Pure Storage FlashBlade through its REST 2.x API (endpoints as Pure's pure-fb-openmetrics-exporter
 * reads them; fields as py-pure-client's FB_2_x models document them):
 *
 * <ul>
 *   <li>{@code arrays}: the array's name and Purity version;
 *   <li>{@code arrays/nfs-specific-performance}: the array's NFS operations and their latencies, a
 *       {@code disk} {@code HOST/nfs} (FlashBlade's REST API has no controller CPU to read);
 *   <li>{@code file-systems/performance}: one {@code disk} per file system, {@code HOST/fs/NAME};
 *   <li>{@code hardware}: the Ethernet ports ({@code type: eth}), {@code HOST/port/NAME}, ceiling
 *       from {@code speed}, "the maximum speed (in b/s) at which the component is capable of
 *       operating"; every component not healthy (critical, unhealthy, unknown) a degraded line;
 *   <li>{@code hardware-connectors/performance}: those ports' traffic, matched by name (the rows'
 *       {@code id} is not the port's: in Purity//FB 4.1.2 four ports share one, others have none).
 * </ul>
 *
 * Every figure is already a rate the array computed; a reading is stamped with its row's
 * {@code time} (milliseconds since the epoch). Each endpoint that fails is a problem of the scrape
 * and the others are read; only when none answers does the scrape fail.
 */
final class FlashBladeSource implements Source {
  /** Component states that are no fault: "unused" is an empty or unconfigured slot. */
  private static final Set<String> FINE = Set.of("healthy", "unused", "identifying");

  private final String host;
  private final Duration interval;
  private final FlashBladeSession session;

  FlashBladeSource(String host, Duration interval, FlashBladeSession session) {
    this.host = host;
    this.interval = interval;
    this.session = session;
  }

  @Override
  public String name() {
    return "flashblade";
  }

  @Override
  public Duration interval() {
    return interval;
  }

  /** One part of a scrape: an endpoint and what its items become. */
  private interface Part {
    void read(Scrape scrape) throws IOException;
  }

  @Override
  public void scrape(Scrape scrape) throws IOException {
    Map<String, Part> parts = new LinkedHashMap<>();
    parts.put("arrays", this::arrays);
    parts.put("file-systems/performance", this::fileSystems);
    parts.put("hardware", this::hardware);
    IOException first = null;
    for (Map.Entry<String, Part> p : parts.entrySet()) {
      try {
        p.getValue().read(scrape);
      } catch (LoginFailedException e) {
        scrape.problem(host, e.getMessage());
        throw e; // every other endpoint would be refused too
      } catch (IOException e) {
        first = first == null ? e : first;
        scrape.problem(host + " " + p.getKey(), e.getMessage());
      }
    }
    if (first != null && scrape.entities().isEmpty()) {
      throw first;
    }
  }

  /** The array and its NFS figures. */
  private void arrays(Scrape scrape) throws IOException {
    List<JsonNode> arrays = session.items("arrays");
    Map<String, Object> attrs = new LinkedHashMap<>();
    attrs.put("protocol", "nfs");
    String name = host;
    if (!arrays.isEmpty()) {
      name = arrays.get(0).path("name").asText(host);
      attrs.put("os", arrays.get(0).path("os").asText(""));
      attrs.put("version", arrays.get(0).path("version").asText(""));
    }
    String id = host + "/nfs";
    scrape.entity(new Entity(id, EntityKind.DISK, name + " NFS (all file systems)", attrs, Map.of()));
    for (JsonNode row : session.items("arrays/nfs-specific-performance")) {
      io(scrape, id, row);
    }
  }

  private void fileSystems(Scrape scrape) throws IOException {
    for (JsonNode row : session.items("file-systems/performance")) {
      String name = row.path("name").asText();
      String id = host + "/fs/" + name;
      scrape.entity(new Entity(id, EntityKind.DISK, name, Map.of(), Map.of()));
      io(scrape, id, row);
    }
  }

  /** Operations, bytes (where the row has them) and latencies; no latency over no operation. */
  private static void io(Scrape scrape, String id, JsonNode row) {
    double ts = ts(row, scrape);
    gauge(scrape, ts, id, FlashBladeMetrics.READ_IOPS, row.path("reads_per_sec"), 1);
    gauge(scrape, ts, id, FlashBladeMetrics.WRITE_IOPS, row.path("writes_per_sec"), 1);
    gauge(scrape, ts, id, FlashBladeMetrics.READ_BYTES, row.path("read_bytes_per_sec"), 1);
    gauge(scrape, ts, id, FlashBladeMetrics.WRITE_BYTES, row.path("write_bytes_per_sec"), 1);
    // the array writes usec_per_read_op even at 0 reads/s (1.1 us on an idle bucket of the 4.1.2
    // capture): a latency of no operation is no reading
    if (row.path("reads_per_sec").asDouble(0) > 0) {
      gauge(scrape, ts, id, FlashBladeMetrics.READ_LATENCY, row.path("usec_per_read_op"), 1e-6);
    }
    if (row.path("writes_per_sec").asDouble(0) > 0) {
      gauge(scrape, ts, id, FlashBladeMetrics.WRITE_LATENCY, row.path("usec_per_write_op"), 1e-6);
    }
  }

  /** The Ethernet ports with their ceilings and traffic, and every component that is not healthy. */
  private void hardware(Scrape scrape) throws IOException {
    List<String> faults = new ArrayList<>();
    List<String> noSpeed = new ArrayList<>();
    for (JsonNode c : session.items("hardware")) {
      String name = c.path("name").asText();
      String status = c.path("status").asText("unknown");
      if (!FINE.contains(status)) {
        faults.add(name + " (" + c.path("type").asText() + ") " + status);
      }
      if (c.path("type").asText().equals("eth")) {
        scrape.entity(port(name, status, c.path("speed"), noSpeed));
      }
    }
    if (!faults.isEmpty()) {
      scrape.degraded(host + "/hardware: not healthy: " + String.join(", ", faults));
    }
    if (!noSpeed.isEmpty()) {
      scrape.degraded(host + "/port: no speed reported, so no ceiling: " + String.join(", ", noSpeed));
    }
    for (JsonNode row : session.items("hardware-connectors/performance")) {
      String id = host + "/port/" + row.path("name").asText();
      double ts = ts(row, scrape);
      gauge(scrape, ts, id, FlashBladeMetrics.RX, row.path("received_bytes_per_sec"), 1);
      gauge(scrape, ts, id, FlashBladeMetrics.TX, row.path("transmitted_bytes_per_sec"), 1);
      gauge(scrape, ts, id, FlashBladeMetrics.ERRORS, row.path("total_errors_per_sec"), 1);
      gauge(scrape, ts, id, FlashBladeMetrics.DISCARDS, row.path("transmitted_dropped_errors_per_sec"), 1);
    }
  }

  private Entity port(String name, String status, JsonNode speed, List<String> noSpeed) {
    Map<String, Object> attrs = new LinkedHashMap<>();
    attrs.put("fabric", "ethernet");
    attrs.put("status", status);
    Map<String, Double> capacity = new LinkedHashMap<>();
    if (speed.isNumber() && speed.asDouble() > 0) {
      attrs.put("speed_bps", speed.asDouble());
      capacity.put("bytes_per_s", Ceilings.port("ethernet", speed.asDouble()));
    } else {
      noSpeed.add(name);
    }
    return new Entity(host + "/port/" + name, EntityKind.NET_PORT, "ethernet " + name, attrs, capacity);
  }

  private static void gauge(Scrape scrape, double ts, String id, MetricDef m, JsonNode value, double factor) {
    if (value.isNumber()) {
      scrape.sample(ts, id, m, value.asDouble() * factor);
    }
  }

  /** The row's time, milliseconds since the epoch, in seconds; else the scrape's. */
  private static double ts(JsonNode row, Scrape scrape) {
    return row.path("time").isNumber() ? row.path("time").asDouble() / 1000 : scrape.ts();
  }

  @Override
  public void close() {
    session.close();
  }
}
