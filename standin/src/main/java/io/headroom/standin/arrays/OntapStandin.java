package io.headroom.standin.arrays;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.headroom.standin.StandinReply;
import io.headroom.standin.StandinRequest;
import io.headroom.standin.StandinServer;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * ONTAP's counter tables (/api/cluster/counter/tables, ONTAP 9.11+) on the shared stand-in server,
 * written from NetApp's ONTAP REST documentation of the counter manager and the shapes of NetApp
 * Harvest's REST test data (records with counter_table, id, properties and counters as name/value
 * lists, aggregation {count, complete}, _links.next); see docs/array-standins.md. It serves a cluster
 * described by one JSON file:
 *
 * <pre>
 * {"username": "...", "password": "...",
 *  "tables": {"system:node": {"schema": {"name": ..., "counter_schemas": [...]},
 *                             "rows": [{"id": ..., "properties": {"node.name": ...},
 *                                       "counters": {"cpu_busy": [poll 1, poll 2, ...], ...},
 *                                       "complete": [true, false, ...]}]}},
 *  "network": {"ethernet": [{"node": {"name": ...}, "name": "e4a", "speed": 100000}],
 *              "fc": [{"node": {"name": ...}, "name": "0e", "speed": {"configured": "auto", "maximum": "32"},
 *                      "fabric": {"connected_speed": 32}}]},
 *  "page_rows": 2,
 *  "faults": [{"method": "GET", "path": "...", "status": 500}]}
 * </pre>
 *
 * The network ports (/api/network/ethernet/ports, /api/network/fc/ports, ONTAP 9.6+) are served as
 * written, in one page, with the fields ONTAP's reference gives them (speed in Mb/s for Ethernet;
 * for FC, fabric.connected_speed in Gb/s and speed.configured / speed.maximum as strings of Gb/s);
 * a cluster without "network" has none.
 *
 * HTTP Basic on every request; counters.name=a|b limits a row's counters to those named. The n-th poll of a table (a rows request without start.id) shows
 * each counter's n-th value (the last once they run out). Pages hold at most max_records rows,
 * or page_rows when set (as when ONTAP answers early at return_timeout), with a next link
 * carrying start.id until the last.
 *
 * A table's counters may also be live ({@link LiveCounters}): computed at each request, as the lab's
 * array node's are from its cgroup (io.headroom.standin.lab.CgroupOntap), instead of read from the
 * file's lists.
 */
public final class OntapStandin {
  static final String TABLES = "/api/cluster/counter/tables/";
  static final String NETWORK = "/api/network/";
  private static final ObjectMapper JSON = new ObjectMapper();

  /** A row's counters as they stand at the moment of a request. */
  @FunctionalInterface
  public interface LiveCounters {
    /**
     * The row's counters by name now, or null to serve the cluster file's lists for it.
     *
     * @throws IOException when they cannot be read (answered as ONTAP answers an internal error)
     */
    Map<String, Long> counters(String table, String rowId) throws IOException;
  }

  private final JsonNode cluster;
  private final LiveCounters live;
  private final Map<String, AtomicInteger> polls = new ConcurrentHashMap<>();

  private OntapStandin(JsonNode cluster, LiveCounters live) {
    this.cluster = cluster;
    this.live = live;
  }

  /**
   * The stand-in serving {@code input/cluster.json}, on a free loopback port; or, where the folder
   * is a real capture in Harvest's test-data layout, that capture ({@link OntapCaptures}).
   */
  public static StandinServer serve(Path input) throws IOException {
    if (OntapCaptures.isCapture(input)) {
      return OntapCaptures.serve(input);
    }
    return serve(JSON.readTree(input.resolve("cluster.json").toFile()), StandinServer.builder().start());
  }

  public static StandinServer serve(JsonNode cluster, StandinServer server) {
    return serve(cluster, server, (table, row) -> null);
  }

  /** The cluster on {@code server}, each row's counters from {@code live} where it has them. */
  public static StandinServer serve(JsonNode cluster, StandinServer server, LiveCounters live) {
    OntapStandin o = new OntapStandin(cluster, live);
    server.requireBasic(cluster.path("username").asText(), cluster.path("password").asText());
    for (Iterator<String> it = cluster.path("tables").fieldNames(); it.hasNext(); ) {
      String t = it.next();
      server.handle(TABLES + t, req -> o.schema(t));
      server.handle(TABLES + t + "/rows", req -> o.rows(t, req));
    }
    server.handle(NETWORK + "ethernet/ports", req -> ports(cluster.path("network").path("ethernet")));
    server.handle(NETWORK + "fc/ports", req -> ports(cluster.path("network").path("fc")));
    JsonNode volumePolls = cluster.path("volume_polls");
    if (volumePolls.size() > 0) {
      // headroom capture's volume_statistics answers: the n-th request gets the cluster's n-th, the last once they run out
      java.util.concurrent.atomic.AtomicInteger requests = new java.util.concurrent.atomic.AtomicInteger();
      server.handle(OntapCaptures.VOLUMES, req -> StandinReply.json(
          volumePolls.get(Math.min(requests.incrementAndGet(), volumePolls.size()) - 1).toString()));
    }
    for (JsonNode f : cluster.path("faults")) {
      server.when(f.path("method").asText(null), f.path("path").asText()).reply(f.path("status").asInt(500));
    }
    return server;
  }

  /** A collection of records in one page, as ONTAP answers a GET of a collection. */
  private static StandinReply ports(JsonNode records) {
    ObjectNode body = JSON.createObjectNode();
    ArrayNode out = body.putArray("records");
    records.forEach(out::add);
    body.put("num_records", out.size());
    return StandinReply.json(body.toString());
  }

  private StandinReply schema(String table) {
    return StandinReply.json(cluster.path("tables").path(table).path("schema").toString());
  }

  private StandinReply rows(String table, StandinRequest req) {
    Map<String, String> q = query(req.query());
    JsonNode rows = cluster.path("tables").path(table).path("rows");
    int start = 0;
    if (q.containsKey("start.id")) {
      while (start < rows.size() && !rows.get(start).path("id").asText().equals(q.get("start.id"))) {
        start++;
      }
    }
    int poll = q.containsKey("start.id") ? polls.get(table).get()
        : polls.computeIfAbsent(table, k -> new AtomicInteger()).incrementAndGet();
    int page = Integer.parseInt(q.getOrDefault("max_records", "10000"));
    if (cluster.has("page_rows")) {
      page = Math.min(page, cluster.get("page_rows").asInt());
    }
    ObjectNode body = JSON.createObjectNode();
    ArrayNode records = body.putArray("records");
    int end = Math.min(rows.size(), start + page);
    try {
      for (int i = start; i < end; i++) {
        records.add(record(table, rows.get(i), poll, q.get("counters.name")));
      }
    } catch (IOException e) {
      // ONTAP's error body is {"error": {"message", "code"}}; no code is claimed for this one
      ObjectNode error = JSON.createObjectNode();
      error.putObject("error").put("message", String.valueOf(e.getMessage()));
      return StandinReply.json(500, error.toString());
    }
    body.put("num_records", records.size());
    ObjectNode links = body.putObject("_links");
    links.putObject("self").put("href", TABLES + encode(table) + "/rows?" + req.query());
    if (end < rows.size()) {
      links.putObject("next").put("href", TABLES + encode(table) + "/rows?fields=*&max_records="
          + q.getOrDefault("max_records", "10000") + "&return_timeout=" + q.getOrDefault("return_timeout", "15")
          + "&start.id=" + rows.get(end).path("id").asText());
    }
    return StandinReply.json(body.toString());
  }

  /**
   * The row at this poll (its live counters, else the file's poll-th values), with only the
   * counters named by counters.name (a|b|c) when given.
   */
  private ObjectNode record(String table, JsonNode row, int poll, String only) throws IOException {
    Set<String> wanted = only == null ? null : Set.of(only.split("\\|"));
    ObjectNode r = JSON.createObjectNode();
    r.putObject("counter_table").put("name", table);
    r.put("id", row.path("id").asText());
    ArrayNode props = r.putArray("properties");
    row.path("properties").fields().forEachRemaining(e -> props.addObject().put("name", e.getKey()).set("value", e.getValue()));
    ArrayNode counters = r.putArray("counters");
    Map<String, JsonNode> values = new LinkedHashMap<>();
    Map<String, Long> now = live.counters(table, row.path("id").asText());
    if (now != null) {
      now.forEach((name, value) -> values.put(name, LongNode.valueOf(value)));
    } else {
      row.path("counters").fields().forEachRemaining(e -> values.put(e.getKey(), at(e.getValue(), poll)));
    }
    values.forEach((name, value) -> {
      if (wanted == null || wanted.contains(name)) {
        counters.addObject().put("name", name).set("value", value);
      }
    });
    JsonNode complete = row.path("complete");
    r.putObject("aggregation").put("count", 2).put("complete", complete.isArray() ? at(complete, poll).asBoolean() : true);
    r.putObject("_links").putObject("self").put("href", TABLES + encode(table) + "/rows/"
        + row.path("id").asText());
    return r;
  }

  /** Table names in paths as ONTAP writes them: the colon as %3A ("system%3Anode"). */
  private static String encode(String table) {
    return table.replace(":", "%3A");
  }

  /** The poll-th value (1-based), the last once they run out. */
  private static JsonNode at(JsonNode values, int poll) {
    return values.get(Math.min(poll, values.size()) - 1);
  }

  private static Map<String, String> query(String raw) {
    Map<String, String> q = new LinkedHashMap<>();
    if (raw != null) {
      for (String pair : raw.split("&")) {
        int eq = pair.indexOf('=');
        if (eq > 0) {
          q.put(pair.substring(0, eq), URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
      }
    }
    return q;
  }
}
