package io.headroom.collector.workload;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/** Turns one fio JSON object (json or json+, fio 3.x) into a {@link FioStatus}. */
final class FioStatusParser {
  private FioStatusParser() {}

  /**
   * @param where names the input in error messages ("out.json, object at line 1")
   * @throws FioFormatException naming {@code where} and the JSON path of what is missing or wrong
   */
  static FioStatus parse(JsonNode root, String where) {
    JsonNode jobs = root.get("jobs");
    if (jobs == null || !jobs.isArray()) {
      throw new FioFormatException(where + ": no \"jobs\" array: not fio JSON output");
    }
    double ts = timestamp(root, where);
    Map<String, String> global = options(root.get("global options"));
    List<FioJobSnapshot> out = new ArrayList<>();
    JsonNode version = root.get("fio version");
    // fio 2.x wrote io_bytes in KiB (its stat.c: io_bytes >> 10); 3.0 moved that to io_kbytes
    boolean kibBytes = version != null && version.asText().startsWith("fio-2.");
    for (int i = 0; i < jobs.size(); i++) {
      out.add(job(jobs.get(i), global, where + ": jobs[" + i + "]", kibBytes));
    }
    return new FioStatus(ts, version == null ? null : version.asText(), List.copyOf(out), where);
  }

  private static double timestamp(JsonNode root, String where) {
    JsonNode ms = root.get("timestamp_ms");
    if (ms != null && ms.isNumber()) {
      return ms.asDouble() / 1000.0;
    }
    JsonNode s = root.get("timestamp");
    if (s != null && s.isNumber()) {
      return s.asDouble();
    }
    throw new FioFormatException(where + ": no \"timestamp_ms\" or \"timestamp\" number");
  }

  private static FioJobSnapshot job(JsonNode job, Map<String, String> global, String where, boolean kibBytes) {
    Map<String, String> opts = new LinkedHashMap<>(global);
    opts.putAll(options(job.get("job options")));
    JsonNode start = job.get("job_start");
    return new FioJobSnapshot(
        text(job, "jobname", where),
        (int) number(job, "groupid", where),
        job.has("error") ? job.get("error").asInt() : 0,
        Map.copyOf(opts),
        dir(job, "read", where, kibBytes),
        dir(job, "write", where, kibBytes),
        job.has("trim") ? dir(job, "trim", where, kibBytes) : FioDirStats.ZERO,
        start != null && start.isNumber() && start.asDouble() > 0 ? start.asDouble() : null);
  }

  private static FioDirStats dir(JsonNode job, String name, String where, boolean kibBytes) {
    JsonNode d = job.get(name);
    String at = where + "." + name;
    if (d == null || !d.isObject()) {
      throw new FioFormatException(at + ": missing");
    }
    // fio 3.x: clat_ns in ns; fio 2.x: clat in usec.
    // fio 3.0-3.3 wrote clat_ns without "N" (fio-plot's fio-3.1 captures): the completions, as total_ios counts them.
    boolean nanos = d.has("clat_ns");
    String clatName = nanos ? "clat_ns" : "clat";
    JsonNode clat = d.get(clatName);
    double toNanos = nanos ? 1 : 1000;
    long totalIos = (long) number(d, "total_ios", at);
    long n = clat == null ? 0 : clat.has("N") ? (long) number(clat, "N", at + "." + clatName) : totalIos;
    double mean = clat == null ? 0 : number(clat, "mean", at + "." + clatName) * toNanos;
    Double p99 = clat == null ? null : p99(clat.get("percentile"));
    return new FioDirStats(
        (long) number(d, "io_bytes", at) * (kibBytes ? 1024 : 1),
        totalIos,
        (long) number(d, "runtime", at),
        mean * n,
        n,
        // fio 2.x's json+ bins are bucket indices, not latencies: read only 3.x's
        nanos ? bins(clat.get("bins"), at + ".clat_ns.bins") : null,
        p99 == null ? null : p99 * toNanos);
  }

  private static NavigableMap<Long, Long> bins(JsonNode bins, String where) {
    if (bins == null) {
      return null;
    }
    NavigableMap<Long, Long> out = new TreeMap<>();
    Iterator<Map.Entry<String, JsonNode>> it = bins.fields();
    while (it.hasNext()) {
      Map.Entry<String, JsonNode> e = it.next();
      try {
        out.merge(Long.parseLong(e.getKey()), e.getValue().asLong(), Long::sum);
      } catch (NumberFormatException ex) {
        throw new FioFormatException(where + ": bin key \"" + e.getKey() + "\" is not a number");
      }
    }
    return out;
  }

  /** fio keys percentiles as "99.000000"; compare numerically so a changed format still matches. */
  private static Double p99(JsonNode percentiles) {
    if (percentiles == null) {
      return null;
    }
    Iterator<Map.Entry<String, JsonNode>> it = percentiles.fields();
    while (it.hasNext()) {
      Map.Entry<String, JsonNode> e = it.next();
      try {
        if (Double.parseDouble(e.getKey()) == 99.0 && e.getValue().isNumber()) {
          return e.getValue().asDouble();
        }
      } catch (NumberFormatException ignored) {
        // not a percentile key; fio prints none such, other tools might
      }
    }
    return null;
  }

  private static Map<String, String> options(JsonNode node) {
    Map<String, String> out = new LinkedHashMap<>();
    if (node != null && node.isObject()) {
      node.fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asText()));
    }
    return out;
  }

  private static String text(JsonNode node, String field, String where) {
    JsonNode v = node.get(field);
    if (v == null || !v.isValueNode()) {
      throw new FioFormatException(where + "." + field + ": missing");
    }
    return v.asText();
  }

  private static double number(JsonNode node, String field, String where) {
    JsonNode v = node.get(field);
    if (v == null || !v.isNumber()) {
      throw new FioFormatException(
          where + "." + field + (v == null ? ": missing" : ": not a number: " + v));
    }
    return v.asDouble();
  }
}
