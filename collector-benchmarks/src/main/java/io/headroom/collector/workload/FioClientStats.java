package io.headroom.collector.workload;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * fio's client/server output ({@code fio --client=h1 job.fio --client=h2 job.fio}, client.c): one
 * object with a "client_stats" array in place of "jobs", each entry a job of one server with its
 * "hostname" (as --client named it) and "port". With --status-interval the client prints no
 * object per interval: every report of every server goes into that one array, in the order they
 * arrived, and the object's "timestamp" (Unix seconds) is when the client printed it, at the end.
 * After the first report of several servers fio adds their sum, named "All clients": left out.
 *
 * <p>Each server is a host: its entries, split into its reports, become that host's objects, as
 * a --status-interval file of its own would be. A report lists every job of the server in the
 * same order, so the server's sequence of job names repeats with the number of its jobs; where
 * clones share a name (numjobs without group_reporting) the shortest repeat whose job clocks
 * never go back is taken. A report is dated back from the timestamp by its clock's distance to
 * the server's last report (fio's clocks are the jobs' own), so its jobs end at the timestamp.
 */
final class FioClientStats {
  static final String ALL_CLIENTS = "All clients";

  private FioClientStats() {}

  static boolean is(JsonNode root) {
    return root.has("client_stats") && root.get("client_stats").isArray() && !root.has("jobs");
  }

  /**
   * @return per server (its hostname, or hostname:port where two servers share a hostname), its
   *     reports in order
   */
  static Map<String, List<FioStatus>> hosts(JsonNode root, String where) {
    Map<String, List<JsonNode>> entries = new LinkedHashMap<>();
    JsonNode stats = root.get("client_stats");
    for (int i = 0; i < stats.size(); i++) {
      JsonNode e = stats.get(i);
      if (ALL_CLIENTS.equals(e.path("jobname").asText())) {
        continue;
      }
      String host = e.path("hostname").asText("");
      if (host.isEmpty()) {
        throw new FioFormatException(where + ": client_stats[" + i + "].hostname: missing");
      }
      String key = host + ":" + e.path("port").asInt();
      entries.computeIfAbsent(key, k -> new ArrayList<>()).add(e);
    }
    Map<String, Long> hostnames = new LinkedHashMap<>();
    entries.keySet().forEach(k -> hostnames.merge(k.substring(0, k.lastIndexOf(':')), 1L, Long::sum));
    Map<String, List<FioStatus>> out = new LinkedHashMap<>();
    entries.forEach((key, list) -> {
      String host = key.substring(0, key.lastIndexOf(':'));
      String name = hostnames.get(host) > 1 ? key : host;
      out.put(name, reports(root, list, where + ": client " + key));
    });
    return out;
  }

  private static List<FioStatus> reports(JsonNode root, List<JsonNode> entries, String where) {
    int period = period(root, entries, where);
    List<FioStatus> parsed = new ArrayList<>();
    for (int from = 0; from < entries.size(); from += period) {
      parsed.add(FioStatusParser.parse(object(root, entries.subList(from, from + period)), where));
    }
    double end = timestamp(root);
    long lastClock = clock(parsed.get(parsed.size() - 1));
    List<FioStatus> out = new ArrayList<>();
    for (FioStatus s : parsed) {
      out.add(new FioStatus(end - (lastClock - clock(s)) / 1000.0, s.fioVersion(), s.jobs(), s.where()));
    }
    return out;
  }

  /** The number of jobs of a server: the shortest repeat of its names whose clocks never go back. */
  private static int period(JsonNode root, List<JsonNode> entries, String where) {
    for (int p = 1; p <= entries.size(); p++) {
      if (entries.size() % p == 0 && repeats(entries, p) && clocksForward(root, entries, p, where)) {
        return p;
      }
    }
    return entries.size();
  }

  private static boolean repeats(List<JsonNode> entries, int p) {
    for (int i = p; i < entries.size(); i++) {
      if (!name(entries.get(i)).equals(name(entries.get(i - p)))) {
        return false;
      }
    }
    return true;
  }

  private static boolean clocksForward(JsonNode root, List<JsonNode> entries, int p, String where) {
    for (int i = p; i < entries.size(); i++) {
      long before = clock(FioStatusParser.parse(object(root, List.of(entries.get(i - p))), where));
      long now = clock(FioStatusParser.parse(object(root, List.of(entries.get(i))), where));
      if (now < before) {
        return false;
      }
    }
    return true;
  }

  private static String name(JsonNode e) {
    return e.path("jobname").asText() + '\0' + e.path("groupid").asInt();
  }

  private static long clock(FioStatus s) {
    return s.jobs().stream().mapToLong(FioJobSnapshot::clockMs).max().orElse(0);
  }

  private static double timestamp(JsonNode root) {
    JsonNode ms = root.get("timestamp_ms");
    return ms != null && ms.isNumber() ? ms.asDouble() / 1000.0 : root.path("timestamp").asDouble();
  }

  /** One report as the object a single fio prints: the root's version, time and global options, and the jobs. */
  private static ObjectNode object(JsonNode root, List<JsonNode> jobs) {
    ObjectNode o = JsonNodeFactory.instance.objectNode();
    for (String field : List.of("fio version", "timestamp", "timestamp_ms", "global options")) {
      if (root.has(field)) {
        o.set(field, root.get(field));
      }
    }
    ArrayNode array = o.putArray("jobs");
    jobs.forEach(array::add);
    return o;
  }
}
