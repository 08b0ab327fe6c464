package io.headroom.collector.host;

import com.fasterxml.jackson.databind.JsonNode;
import io.headroom.config.Durations;
import io.headroom.config.ConfigException;
import io.headroom.collector.source.Source;
import io.headroom.collector.source.SourceContext;
import io.headroom.collector.source.SourceFactory;
import io.headroom.model.MetricDef;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Registers the Linux host source as {@code type: host}; keys in docs/host-source.md. */
public final class HostSourceFactory implements SourceFactory {
  static final Set<String> KEYS = Set.of("proc_root", "sys_root", "cgroups", "array_cgroups", "topology_refresh", "disks");

  @Override
  public String type() {
    return "host";
  }

  @Override
  public List<MetricDef> metrics() {
    return HostMetrics.ALL;
  }

  @Override
  public Source create(SourceContext context, JsonNode settings) throws ConfigException {
    return new HostSource(context.host(), context.interval(), config(context, settings));
  }

  /** Binds and checks the settings; every problem is named at once, not the first only. */
  public static HostSourceConfig config(SourceContext context, JsonNode settings) throws ConfigException {
    List<String> problems = new ArrayList<>();
    for (Iterator<String> it = settings.fieldNames(); it.hasNext(); ) {
      String key = it.next();
      if (!KEYS.contains(key)) {
        problems.add(key + ": unknown key (known: " + new java.util.TreeSet<>(KEYS) + ")");
      }
    }
    Duration refresh = HostSourceConfig.DEFAULT_REFRESH;
    if (settings.hasNonNull("topology_refresh")) {
      try {
        refresh = Durations.parse(settings.get("topology_refresh").asText());
      } catch (IllegalArgumentException e) {
        problems.add("topology_refresh: " + e.getMessage());
      }
    }
    HostSourceConfig config = new HostSourceConfig(
        context.baseDir().resolve(settings.path("proc_root").asText("/proc")),
        context.baseDir().resolve(settings.path("sys_root").asText("/sys")),
        strings(settings, "cgroups", problems),
        strings(settings, "array_cgroups", problems),
        refresh,
        diskSpecs(settings.get("disks"), problems));
    problems.addAll(config.validate());
    if (!problems.isEmpty()) {
      throw new ConfigException("host source of " + context.host() + ": " + String.join("; ", problems));
    }
    return config;
  }

  /** disks: {NAME_OR_GLOB: {iops: N, bytes_per_s: N}}; values checked by HostSourceConfig.validate. */
  private static Map<String, Map<String, Double>> diskSpecs(JsonNode node, List<String> problems) {
    Map<String, Map<String, Double>> out = new LinkedHashMap<>();
    if (node == null || node.isNull()) {
      return out;
    }
    if (!node.isObject()) {
      problems.add("disks: must map disk names (or globs) to {iops, bytes_per_s}");
      return out;
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      Map<String, Double> spec = new LinkedHashMap<>();
      if (!e.getValue().isObject()) {
        problems.add("disks." + e.getKey() + ": must be {iops, bytes_per_s}");
        continue;
      }
      for (Iterator<Map.Entry<String, JsonNode>> f = e.getValue().fields(); f.hasNext(); ) {
        Map.Entry<String, JsonNode> v = f.next();
        spec.put(v.getKey(), v.getValue().isNumber() ? v.getValue().asDouble() : null);
      }
      out.put(e.getKey(), spec);
    }
    return out;
  }

  private static List<String> strings(JsonNode settings, String key, List<String> problems) {
    List<String> out = new ArrayList<>();
    JsonNode node = settings.get(key);
    if (node == null || node.isNull()) {
      return out;
    }
    if (!node.isArray()) {
      problems.add(key + ": must be a list of cgroup paths");
      return out;
    }
    for (JsonNode n : node) {
      if (!n.isTextual()) {
        problems.add(key + ": " + n + " is not a cgroup path");
      } else {
        out.add(n.asText());
      }
    }
    return out;
  }
}
