package io.headroom.collector.ontap;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.headroom.collector.capture.CaptureFormat;
import io.headroom.collector.capture.CaptureWriter;
import io.headroom.collector.capture.RecordedExchanges.Exchange;
import java.io.IOException;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An ONTAP cluster as the source read it, as the one cluster.json the ONTAP stand-in serves
 * (docs/array-standins.md): each counter table's schema, and its rows with each counter's value at
 * each poll (a poll is a rows request without start.id; its next pages belong to it), so that the
 * stand-in's n-th poll answers the cluster's n-th; the network ports as answered; the smallest page
 * the cluster cut a table at as page_rows; each GET that failed as a fault of the same status. The
 * login is "capture"/"capture", never the cluster's.
 */
public final class OntapCaptureFormat implements CaptureFormat {
  @Override
  public String type() {
    return "ontap";
  }

  static final String TABLES = "/api/cluster/counter/tables/";
  static final String NETWORK = "/api/network/";
  static final String LOGIN = "capture";

  /** One row's values across the polls of its table. */
  private static final class Row {
    final ObjectNode properties = CaptureWriter.JSON.createObjectNode();
    final Map<String, Map<Integer, JsonNode>> counters = new LinkedHashMap<>();
    final Map<Integer, JsonNode> complete = new LinkedHashMap<>();
  }

  @Override
  public List<String> write(List<Exchange> exchanges, CaptureWriter out) throws IOException {
    ObjectNode cluster = CaptureWriter.JSON.createObjectNode();
    ObjectNode tables = cluster.putObject("tables");
    Map<String, Map<String, Row>> rows = new LinkedHashMap<>();
    Map<String, Integer> polls = new LinkedHashMap<>();
    int pageRows = Integer.MAX_VALUE;
    ObjectNode network = CaptureWriter.JSON.createObjectNode();
    ArrayNode faults = CaptureWriter.JSON.createArrayNode();
    Set<String> failed = new LinkedHashSet<>();
    for (Exchange e : exchanges) {
      String path = decoded(e.pathOnly());
      JsonNode body = e.method().equals("GET") && e.isSuccess() ? CaptureWriter.parse(e) : null;
      if (!e.isSuccess()) {
        if (failed.add(e.method() + " " + path)) {
          faults.addObject().put("method", e.method()).put("path", path).put("status", e.status());
        }
      } else if (body == null) {
        continue;
      } else if (path.startsWith(TABLES) && path.endsWith("/rows")) {
        String table = path.substring(TABLES.length(), path.length() - "/rows".length());
        int poll = e.path().contains("start.id=") ? polls.getOrDefault(table, 1) : polls.merge(table, 1, Integer::sum);
        if (body.path("_links").has("next")) {
          pageRows = Math.min(pageRows, body.path("records").size());
        }
        readRows(body.path("records"), poll, rows.computeIfAbsent(table, t -> new LinkedHashMap<>()));
      } else if (path.startsWith(TABLES)) {
        tables.putObject(path.substring(TABLES.length())).set("schema", body);
      } else if (path.startsWith(NETWORK) && path.endsWith("/ports")) {
        network.set(path.substring(NETWORK.length(), path.length() - "/ports".length()), body.path("records"));
      }
    }
    rows.forEach((table, byId) -> {
      ObjectNode t = tables.has(table) ? (ObjectNode) tables.get(table) : tables.putObject(table);
      ArrayNode list = t.putArray("rows");
      byId.forEach((id, row) -> list.add(rowJson(id, row, polls.get(table))));
    });
    cluster.set("network", network);
    if (pageRows != Integer.MAX_VALUE) {
      cluster.put("page_rows", pageRows);
    }
    cluster.set("faults", faults);
    return List.of(out.writeFile("cluster.json", cluster, Map.of("username", LOGIN, "password", LOGIN)).toString());
  }

  private static void readRows(JsonNode records, int poll, Map<String, Row> byId) {
    for (JsonNode r : records) {
      Row row = byId.computeIfAbsent(r.path("id").asText(), id -> new Row());
      r.path("properties").forEach(p -> row.properties.set(p.path("name").asText(), p.path("value")));
      r.path("counters").forEach(c -> row.counters.computeIfAbsent(c.path("name").asText(), n -> new LinkedHashMap<>())
          .put(poll, c.path("value")));
      row.complete.put(poll, r.path("aggregation").path("complete"));
    }
  }

  private static ObjectNode rowJson(String id, Row row, int polls) {
    ObjectNode out = CaptureWriter.JSON.createObjectNode().put("id", id);
    out.set("properties", row.properties);
    ObjectNode counters = out.putObject("counters");
    row.counters.forEach((name, byPoll) -> counters.set(name, perPoll(byPoll, polls)));
    out.set("complete", perPoll(row.complete, polls));
    return out;
  }

  /**
   * The value at each poll 1..polls; a poll that did not show it (a row that appeared later, a
   * counter not asked for then) repeats the nearest poll that did, earlier first.
   */
  private static ArrayNode perPoll(Map<Integer, JsonNode> byPoll, int polls) {
    ArrayNode out = CaptureWriter.JSON.createArrayNode();
    JsonNode first = byPoll.values().iterator().next();
    JsonNode last = first;
    for (int p = 1; p <= polls; p++) {
      last = byPoll.getOrDefault(p, p == 1 ? first : last);
      out.add(last);
    }
    return out;
  }

  /** The path with %3A and the like decoded, as the stand-in matches it. */
  private static String decoded(String path) {
    return URI.create(path.replace(" ", "%20")).getPath();
  }

  @Override
  public String firmware(List<Exchange> exchanges) {
    Set<String> versions = new LinkedHashSet<>();
    for (Exchange e : exchanges) {
      JsonNode body = e.isSuccess() && e.method().equals("GET") ? CaptureWriter.parse(e) : null;
      for (JsonNode r : body == null ? CaptureWriter.JSON.createArrayNode() : body.path("records")) {
        for (JsonNode p : r.path("properties")) {
          if (p.path("name").asText().endsWith("version")) {
            versions.add(p.path("value").asText());
          }
        }
      }
    }
    return versions.isEmpty() ? "not stated (Headroom reads no version from ONTAP)" : "ONTAP " + String.join(", ", versions);
  }
}
