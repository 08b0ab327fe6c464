package io.headroom.collector.prometheus;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.headroom.config.ConfigException;
import io.headroom.model.EntityKind;
import io.headroom.model.MetricDef;
import io.headroom.model.Rel;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The mapping files: those shipped (one per exporter, resources beside this class) and a user's,
 * which replace a shipped one of the same {@code exporter:} name or add another. Every problem is
 * named with its file and the key's path ("node_exporter.yaml: entities[2].readings.util_x: ...").
 */
public final class MappingFiles {
  /** The shipped files, by exporter. */
  public static final List<String> SHIPPED = List.of("node_exporter", "if_mib", "idrac_telemetry");
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  private MappingFiles() {}

  /** The shipped mappings, with {@code user} (a file, or a folder of *.yaml files; null for none) over them. */
  public static List<ExporterMapping> load(Path user) throws ConfigException {
    Map<String, ExporterMapping> byExporter = new LinkedHashMap<>();
    for (String name : SHIPPED) {
      String resource = name + ".yaml";
      try (InputStream in = MappingFiles.class.getResourceAsStream(resource)) {
        if (in == null) {
          throw new IllegalStateException("shipped mapping " + resource + " missing from the jar");
        }
        ExporterMapping m = parse(YAML.readTree(in), resource);
        byExporter.put(m.exporter(), m);
      } catch (IOException e) {
        throw new ConfigException(resource + ": unreadable: " + e.getMessage());
      }
    }
    for (Path file : userFiles(user)) {
      ExporterMapping m = read(file);
      byExporter.put(m.exporter(), m);
    }
    return List.copyOf(byExporter.values());
  }

  /** One mapping file. */
  public static ExporterMapping read(Path file) throws ConfigException {
    try {
      return parse(YAML.readTree(file.toFile()), file.toString());
    } catch (IOException e) {
      throw new ConfigException(file + ": unreadable: " + e.getMessage());
    }
  }

  private static List<Path> userFiles(Path user) throws ConfigException {
    if (user == null) {
      return List.of();
    }
    if (!Files.isDirectory(user)) {
      if (!Files.isReadable(user)) {
        throw new ConfigException(user + ": no such mapping file");
      }
      return List.of(user);
    }
    try (Stream<Path> s = Files.list(user)) {
      return s.filter(p -> p.toString().endsWith(".yaml") || p.toString().endsWith(".yml")).sorted().toList();
    } catch (IOException e) {
      throw new ConfigException(user + ": unreadable folder: " + e.getMessage());
    }
  }

  static ExporterMapping parse(JsonNode root, String file) throws ConfigException {
    List<String> problems = new ArrayList<>();
    if (root == null || !root.isObject()) {
      throw new ConfigException(file + ": not a mapping (a YAML object with exporter:, host:, entities:)");
    }
    String exporter = text(root, "exporter", "exporter", problems, true);
    ExporterMapping.HostRule host = host(root.get("host"), problems);
    List<ExporterMapping.EntityRule> entities = new ArrayList<>();
    JsonNode list = root.get("entities");
    if (list == null || !list.isArray() || list.isEmpty()) {
      problems.add("entities: a list of at least one entity is needed");
    } else {
      for (int i = 0; i < list.size(); i++) {
        ExporterMapping.EntityRule e = entity(list.get(i), "entities[" + i + "]", problems);
        if (e != null) {
          entities.add(e);
        }
      }
    }
    if (!problems.isEmpty()) {
      throw new ConfigException(file + ": " + String.join("; ", problems));
    }
    return new ExporterMapping(exporter, file, host, List.copyOf(entities));
  }

  private static ExporterMapping.HostRule host(JsonNode node, List<String> problems) {
    if (node == null || !node.isObject()) {
      problems.add("host: needed, with by: (the label one host's series share) and series: (a selector each host has)");
      return null;
    }
    return new ExporterMapping.HostRule(text(node, "by", "host.by", problems, true),
        text(node, "series", "host.series", problems, true), text(node, "name_label", "host.name_label", problems, false),
        text(node, "up_to", "host.up_to", problems, false));
  }

  private static ExporterMapping.EntityRule entity(JsonNode node, String at, List<String> problems) {
    if (node == null || !node.isObject()) {
      problems.add(at + ": not an object");
      return null;
    }
    int before = problems.size();
    String kind = text(node, "kind", at + ".kind", problems, true);
    if (kind != null && !EntityKind.ALL.contains(kind)) {
      problems.add(at + ".kind: \"" + kind + "\" is not an entity kind (" + String.join(", ", EntityKind.ALL) + ")");
    }
    String id = text(node, "id", at + ".id", problems, true);
    String name = text(node, "name", at + ".name", problems, false);
    Map<String, Object> attrs = new LinkedHashMap<>();
    JsonNode a = node.get("attrs");
    if (a != null) {
      for (Iterator<Map.Entry<String, JsonNode>> it = a.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> f = it.next();
        attrs.put(f.getKey(), f.getValue().isNumber() ? f.getValue().numberValue() : f.getValue().asText());
      }
    }
    Map<String, Double> capacity = new LinkedHashMap<>();
    JsonNode c = node.get("capacity");
    if (c != null) {
      for (Iterator<Map.Entry<String, JsonNode>> it = c.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> f = it.next();
        if (!f.getValue().isNumber()) {
          problems.add(at + ".capacity." + f.getKey() + ": a number is needed");
        } else {
          capacity.put(f.getKey(), f.getValue().doubleValue());
        }
      }
    }
    ExporterMapping.Ceiling ceiling = ceiling(node.get("ceiling"), at + ".ceiling", problems);
    List<ExporterMapping.RelationRule> relations = relations(node.get("relations"), at + ".relations", problems);
    // an unknown kind is said once, not again for each of its readings
    List<ExporterMapping.Reading> readings = readings(node.get("readings"),
        EntityKind.ALL.contains(kind) ? kind : null, at + ".readings", problems);
    if (problems.size() > before) {
      return null;
    }
    return new ExporterMapping.EntityRule(kind, id, name == null ? id : name, Map.copyOf(attrs), Map.copyOf(capacity),
        ceiling, relations, readings, node.path("optional").asBoolean(false));
  }

  private static List<ExporterMapping.Reading> readings(JsonNode node, String kind, String at, List<String> problems) {
    List<ExporterMapping.Reading> out = new ArrayList<>();
    if (node == null || !node.isObject() || node.isEmpty()) {
      problems.add(at + ": needed: metric name to PromQL query");
      return out;
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> f = it.next();
      MetricDef def = PrometheusMetrics.named(f.getKey()).orElse(null);
      if (def == null) {
        problems.add(at + "." + f.getKey() + ": not a metric a mapping may give (docs/metrics/prometheus.md)");
      } else if (kind != null && !def.kinds().contains(kind)) {
        problems.add(at + "." + f.getKey() + ": not a metric of a " + kind + " (it is of " + def.kindsText() + ")");
      } else if (!f.getValue().isTextual() || f.getValue().asText().isBlank()) {
        problems.add(at + "." + f.getKey() + ": a PromQL query is needed");
      } else {
        out.add(new ExporterMapping.Reading(def, f.getValue().asText()));
      }
    }
    return List.copyOf(out);
  }

  private static ExporterMapping.Ceiling ceiling(JsonNode node, String at, List<String> problems) {
    if (node == null) {
      return null;
    }
    String query = text(node, "query", at + ".query", problems, true);
    String label = text(node, "label", at + ".label", problems, false);
    double factor = node.path("to_bits_per_s").asDouble(0);
    if (label == null && factor <= 0) {
      problems.add(at + ": to_bits_per_s (a positive number) or label is needed");
    }
    return new ExporterMapping.Ceiling(query, factor, label);
  }

  private static List<ExporterMapping.RelationRule> relations(JsonNode node, String at, List<String> problems) {
    List<ExporterMapping.RelationRule> out = new ArrayList<>();
    if (node == null) {
      return out;
    }
    for (int i = 0; i < node.size(); i++) {
      JsonNode r = node.get(i);
      String name = text(r, "rel", at + "[" + i + "].rel", problems, true);
      String to = text(r, "to", at + "[" + i + "].to", problems, true);
      Rel rel = name == null ? null : Rel.of(name).orElse(null);
      if (name != null && rel == null) {
        problems.add(at + "[" + i + "].rel: \"" + name + "\" is not a relation name");
      } else if (rel != null && to != null) {
        out.add(new ExporterMapping.RelationRule(rel, to));
      }
    }
    return List.copyOf(out);
  }

  private static String text(JsonNode node, String key, String at, List<String> problems, boolean required) {
    JsonNode v = node.get(key);
    if (v == null || v.isNull()) {
      if (required) {
        problems.add(at + ": needed");
      }
      return null;
    }
    if (!v.isValueNode() || v.asText().isBlank()) {
      problems.add(at + ": a text is needed");
      return null;
    }
    return v.asText();
  }
}
