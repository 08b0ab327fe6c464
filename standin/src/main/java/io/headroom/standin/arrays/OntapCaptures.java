package io.headroom.standin.arrays;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.headroom.standin.StandinReply;
import io.headroom.standin.StandinServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Real ONTAP captures in NetApp Harvest's test-data layout (shared/fixtures/arrays/ontap, README
 * there), served as the cluster answered them, not a value changed. Both hold two consecutive
 * polls; the golden form asks three times (discover, then two scrapes 10 s apart), so the first
 * poll answers the first two requests and the second the third and later: the second scrape is
 * the capture's own interval, and the first scrape sees the cluster answer the same sample again.
 *
 * <ul>
 *   <li>a counter-manager capture ({@code volume-counters-1.json}, the table's schema, and
 *       {@code volume-poll-1.json}, {@code volume-poll-2.json}, its rows): the counter table
 *       {@code volume} of the ONTAP stand-in ({@link OntapStandin});
 *   <li>a KeyPerf capture ({@code volume-poll-N.json} of {@code /api/storage/volumes} with
 *       {@code statistics}): that endpoint.
 * </ul>
 */
public final class OntapCaptures {
  static final String VOLUMES = "/api/storage/volumes";
  /** The login the capture is served with; the capture has none of the cluster's. */
  public static final String LOGIN = "capture";
  private static final ObjectMapper JSON = new ObjectMapper();

  private OntapCaptures() {}

  /** True when {@code dir} holds a Harvest capture this class serves (not a cluster.json). */
  static boolean isCapture(Path dir) {
    return !Files.exists(dir.resolve("cluster.json")) && Files.exists(dir.resolve("volume-poll-1.json"));
  }

  /** The capture in {@code dir} on a free loopback port, HTTP Basic capture/capture. */
  static StandinServer serve(Path dir) throws IOException {
    if (Files.exists(dir.resolve("volume-counters-1.json"))) {
      return OntapStandin.serve(counterCluster(dir), StandinServer.builder().start());
    }
    List<JsonNode> polls = polls(dir);
    StandinServer server = StandinServer.builder().start().requireBasic(LOGIN, LOGIN);
    AtomicInteger requests = new AtomicInteger();
    server.handle(VOLUMES, req -> StandinReply.json(polls.get(pollFor(requests.incrementAndGet(), polls.size()) - 1)
        .toString()));
    return server;
  }

  /** The poll (1-based) the n-th request is answered with: 1, 1, 2, 3, ... the last once they run out. */
  static int pollFor(int request, int polls) {
    return Math.min(Math.max(request - 1, 1), polls);
  }

  /** volume-poll-1.json, volume-poll-2.json, ... as long as they go on. */
  private static List<JsonNode> polls(Path dir) throws IOException {
    List<JsonNode> out = new ArrayList<>();
    for (int n = 1; Files.exists(dir.resolve("volume-poll-" + n + ".json")); n++) {
      out.add(JSON.readTree(dir.resolve("volume-poll-" + n + ".json").toFile()));
    }
    return out;
  }

  /**
   * The cluster file {@link OntapStandin} serves, from a counter-manager capture: the schema as
   * captured; per row its properties and each scalar counter's value at each request (poll 1, poll
   * 1, poll 2, ...). Histograms ({@code values[]}, {@code labels[]}) are left out: no source reads them.
   */
  static ObjectNode counterCluster(Path dir) throws IOException {
    ObjectNode cluster = JSON.createObjectNode().put("username", LOGIN).put("password", LOGIN);
    ObjectNode volume = cluster.putObject("tables").putObject("volume");
    volume.set("schema", JSON.readTree(dir.resolve("volume-counters-1.json").toFile()));
    ArrayNode rows = volume.putArray("rows");
    List<JsonNode> polls = new ArrayList<>();
    polls(dir).forEach(p -> polls.add(p.path("records")));
    JsonNode first = polls.get(0);
    for (int i = 0; i < first.size(); i++) {
      JsonNode row = first.get(i);
      ObjectNode out = rows.addObject().put("id", row.path("id").asText());
      ObjectNode props = out.putObject("properties");
      row.path("properties").forEach(p -> props.set(p.path("name").asText(), p.path("value")));
      ObjectNode counters = out.putObject("counters");
      for (int c = 0; c < row.path("counters").size(); c++) {
        if (!row.path("counters").get(c).has("value")) {
          continue;
        }
        ArrayNode values = counters.putArray(row.path("counters").get(c).path("name").asText());
        for (int request = 1; request <= polls.size() + 1; request++) {
          JsonNode same = polls.get(pollFor(request, polls.size()) - 1).get(i);
          if (!same.path("id").asText().equals(row.path("id").asText())) {
            throw new IOException(dir + ": the polls do not list the same rows in one order");
          }
          values.add(same.path("counters").get(c).path("value"));
        }
      }
    }
    return cluster;
  }
}
