package io.headroom.collector.powerstore;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.headroom.collector.remote.RemoteRequest;
import io.headroom.collector.remote.RemoteResponse;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The few PowerStore REST calls the source makes, over one {@link PowerStoreSession}. Collections
 * are paged as Dell's guide says: at most {@code limit} (1..2000) instances per answer; a larger
 * collection answers 206 Partial Content with {@code Content-Range: first-last/total}, and the
 * next page is asked for with {@code offset}.
 */
final class PowerStoreApi {
  static final int PAGE = 2000;
  /** A collection of more than PAGE x MAX_PAGES instances is cut there: no testbed has that many. */
  static final int MAX_PAGES = 50;
  private static final Pattern RANGE = Pattern.compile("\\s*(?:items\\s+)?(\\d+)-(\\d+)/(\\d+)\\s*");
  private static final ObjectMapper JSON = new ObjectMapper();

  private final PowerStoreSession session;

  PowerStoreApi(PowerStoreSession session) {
    this.session = session;
  }

  /** Every instance of a resource type, e.g. {@code list("fc_port", "id,name,node_id,current_speed")}. */
  List<JsonNode> list(String resource, String select) throws IOException {
    List<JsonNode> out = new ArrayList<>();
    for (int page = 0; page < MAX_PAGES; page++) {
      String path = PowerStoreSession.REST + resource + "?select=" + select + "&limit=" + PAGE + "&offset=" + out.size();
      RemoteResponse r = session.send(RemoteRequest.get(path));
      JsonNode body = parse(r);
      if (!body.isArray()) {
        throw new IOException(r.where() + ": expected a JSON array of " + resource + " instances");
      }
      body.forEach(out::add);
      if (r.status() != 206 || body.isEmpty() || !more(r.header("Content-Range"), out.size())) {
        return out;
      }
    }
    return out;
  }

  /** Whether Content-Range ("0-1999/4500") says there is more after {@code have} instances. */
  static boolean more(String contentRange, int have) {
    if (contentRange == null) {
      return false;
    }
    Matcher m = RANGE.matcher(contentRange);
    return m.matches() && have < Long.parseLong(m.group(3));
  }

  /** metrics/generate: the rows of one entity's series at one interval, oldest first. */
  List<JsonNode> metrics(String entity, String entityId, String interval) throws IOException {
    ObjectNode body = JSON.createObjectNode();
    body.put("entity", entity);
    body.put("entity_id", entityId);
    body.put("interval", interval);
    RemoteResponse r = session.send(RemoteRequest.post(PowerStoreSession.REST + "metrics/generate", body.toString()));
    JsonNode rows = parse(r);
    if (!rows.isArray()) {
      throw new IOException(r.where() + ": expected a JSON array of " + entity + " rows for " + entityId);
    }
    List<JsonNode> out = new ArrayList<>();
    rows.forEach(out::add);
    return out;
  }

  private static JsonNode parse(RemoteResponse r) throws IOException {
    try {
      return JSON.readTree(r.body());
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IOException(r.where() + ": not JSON (" + e.getOriginalMessage() + ")");
    }
  }
}
