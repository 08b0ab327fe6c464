package io.headroom.collector.ontap;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.headroom.collector.remote.LoginFailedException;
import io.headroom.collector.remote.LoginGate;
import io.headroom.collector.remote.RemoteHttpClient;
import io.headroom.collector.remote.RemoteRequest;
import io.headroom.collector.remote.RemoteResponse;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * ONTAP's counter tables over REST (/api/cluster/counter/tables, ONTAP 9.11 and later), HTTP Basic
 * on every request. A table's rows come in pages of at most max_records; ONTAP also answers early
 * with what it has when return_timeout runs out. Either way the answer carries
 * {@code _links.next.href} until the last page, and that link is followed as given.
 */
final class CounterApi {
  static final String TABLES = "/api/cluster/counter/tables/";
  /** Pages of one table per poll at most: a runaway next link must not hold the scrape forever. */
  static final int MAX_PAGES = 1000;
  private static final ObjectMapper JSON = new ObjectMapper();

  private final RemoteHttpClient http;
  private final OntapSettings settings;
  private final Map<String, CounterSchema> schemas = new HashMap<>();

  CounterApi(RemoteHttpClient http, OntapSettings settings) {
    this.http = http;
    this.settings = settings;
  }

  /** The table's counter schema, read once. */
  CounterSchema schema(String table) throws IOException {
    CounterSchema s = schemas.get(table);
    if (s == null) {
      s = CounterSchema.parse(get(TABLES + encode(table)));
      schemas.put(table, s);
    }
    return s;
  }

  /**
   * Every row of the table, page after page, with only the named counters (counters.name=a|b, as
   * Harvest asks: a volume row with every histogram is tens of kilobytes).
   */
  List<CounterRow> rows(String table, Collection<String> counters) throws IOException {
    List<CounterRow> out = new ArrayList<>();
    String path = TABLES + encode(table) + "/rows?fields=*&max_records=" + settings.maxRecords()
        + "&return_timeout=" + settings.returnTimeout() + "&counters.name="
        + URLEncoder.encode(String.join("|", counters), StandardCharsets.UTF_8);
    for (JsonNode r : records(path)) {
      out.add(CounterRow.parse(r));
    }
    return out;
  }

  /**
   * Every record of a collection (any ONTAP REST collection: the counter tables' rows, the
   * network ports), page after page; {@code path} carries its own query, max_records and
   * return_timeout are added.
   */
  List<JsonNode> records(String path) throws IOException {
    List<JsonNode> out = new ArrayList<>();
    String next = path.contains("max_records=") ? path : path + (path.contains("?") ? "&" : "?")
        + "max_records=" + settings.maxRecords() + "&return_timeout=" + settings.returnTimeout();
    for (int page = 0; page < MAX_PAGES && next != null; page++) {
      JsonNode body = get(next);
      body.path("records").forEach(out::add);
      next = body.path("_links").path("next").path("href").asText(null);
    }
    return out;
  }

  /** ONTAP's own links write the table's colon as %3A ("system%3Anode"). */
  static String encode(String table) {
    return table.replace(":", "%3A");
  }

  /**
   * With Basic every request is a login: a 401 holds every request to the cluster for
   * login_backoff ({@link LoginGate}), since ONTAP can lock an account after failed logins. A 403
   * is the role's privilege on that table, not the password.
   */
  private JsonNode get(String path) throws IOException {
    LoginGate logins = http.logins();
    logins.requireOpen();
    RemoteResponse r = http.execute(RemoteRequest.get(path).withBasicAuth());
    if (r.status() == 401) {
      logins.refused(401);
      throw new LoginFailedException(r.where() + ": login refused (HTTP 401); check the username and password", 401);
    }
    logins.accepted();
    r.requireSuccess(http.redaction());
    try {
      return JSON.readTree(r.body());
    } catch (JsonProcessingException e) {
      throw new IOException(r.where() + ": not JSON (" + e.getOriginalMessage() + ")");
    }
  }
}
