package io.headroom.model.recording;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.headroom.model.Entity;
import io.headroom.model.Phase;
import io.headroom.model.Relation;
import io.headroom.model.RecordingRecord;
import io.headroom.model.Run;
import io.headroom.model.Sample;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Recording format v1, one record to and from one JSON object. The same JSON travels on the
 * topology and runs topics, so a record means the same thing in a file and on Kafka.
 */
public final class RecordingCodec {
  /** Made when a record is first written: reading one needs no ObjectMapper (JsonTrees). */
  private static final class Mapper {
    static final ObjectMapper JSON = new ObjectMapper();
  }

  private RecordingCodec() {}

  /**
   * Parses one line. Returns null for a record type this version does not know (the format says
   * unknown types are ignored).
   *
   * @throws IllegalArgumentException saying what is wrong with the line
   */
  public static RecordingRecord parse(String line) {
    return checked(parseNode(line));
  }

  /**
   * One record from its JSON object, its numbers checked against their domains
   * (docs/recording-format.md, "Domains"); null for an unknown type.
   *
   * @throws IllegalArgumentException saying what is wrong
   */
  public static RecordingRecord checked(JsonNode node) {
    RecordingRecord record = fromNode(node);
    return record == null ? null : Domains.check(record);
  }

  /** Parses one line into a JSON object, or says why it is not one. */
  public static JsonNode parseNode(String line) {
    JsonNode node;
    try {
      node = JsonTrees.read(line);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("not JSON: " + e.getOriginalMessage());
    } catch (IOException e) { // a String has no I/O to fail; kept apart from the parser's own errors
      throw new UncheckedIOException(e);
    }
    if (node == null || !node.isObject()) {
      throw new IllegalArgumentException("not a JSON object");
    }
    return node;
  }

  public static RecordingRecord fromNode(JsonNode node) {
    String type = text(node, "type");
    return switch (type) {
      case "sample" -> new Sample(
          number(node, "ts"), text(node, "entity"), text(node, "metric"), number(node, "value"));
      case "entity" -> new Entity(
          text(node, "id"),
          text(node, "kind"),
          optionalText(node, "name"),
          map(node, "attrs"),
          capacity(node));
      case "relation" -> new Relation(text(node, "from"), text(node, "rel"), text(node, "to"));
      case "run" -> new Run(
          text(node, "run"),
          optionalText(node, "testbed"),
          number(node, "start"),
          optionalNumber(node, "end"),
          map(node, "workload"));
      case "phase" -> new Phase(
          text(node, "run"), text(node, "name"), number(node, "start"), optionalNumber(node, "end"),
          map(node, "workload"));
      default -> null;
    };
  }

  public static String toJson(RecordingRecord record) {
    try {
      return Mapper.JSON.writeValueAsString(toNode(record));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot encode " + record.type() + " record", e);
    }
  }

  public static ObjectNode toNode(RecordingRecord record) {
    ObjectNode node = Mapper.JSON.createObjectNode().put("type", record.type());
    if (record instanceof Sample s) {
      node.put("ts", s.ts()).put("entity", s.entity()).put("metric", s.metric())
          .put("value", s.value());
    } else if (record instanceof Entity e) {
      node.put("id", e.id()).put("kind", e.kind()).put("name", e.name());
      if (!e.attrs().isEmpty()) {
        node.set("attrs", Mapper.JSON.valueToTree(e.attrs()));
      }
      if (!e.capacity().isEmpty()) {
        node.set("capacity", Mapper.JSON.valueToTree(e.capacity()));
      }
    } else if (record instanceof Relation r) {
      node.put("from", r.from()).put("rel", r.rel()).put("to", r.to());
    } else if (record instanceof Run r) {
      node.put("run", r.run()).put("testbed", r.testbed()).put("start", r.start());
      if (r.end() != null) {
        node.put("end", r.end());
      }
      node.set("workload", Mapper.JSON.valueToTree(r.workload()));
    } else if (record instanceof Phase p) {
      node.put("run", p.run()).put("name", p.name()).put("start", p.start());
      if (p.end() != null) {
        node.put("end", p.end());
      }
      if (!p.workload().isEmpty()) {
        node.set("workload", Mapper.JSON.valueToTree(p.workload()));
      }
    }
    return node;
  }

  private static String text(JsonNode node, String field) {
    JsonNode v = node.get(field);
    if (v == null || v.isNull()) {
      throw new IllegalArgumentException("missing field \"" + field + "\"");
    }
    if (!v.isTextual()) {
      throw new IllegalArgumentException("field \"" + field + "\" must be a string, got " + v);
    }
    return v.asText();
  }

  private static String optionalText(JsonNode node, String field) {
    JsonNode v = node.get(field);
    return v == null || v.isNull() ? null : v.asText();
  }

  private static double number(JsonNode node, String field) {
    JsonNode v = node.get(field);
    if (v == null || v.isNull()) {
      throw new IllegalArgumentException("missing field \"" + field + "\"");
    }
    if (!v.isNumber()) {
      throw new IllegalArgumentException("field \"" + field + "\" must be a number, got " + v);
    }
    double d = v.asDouble();
    if (!Double.isFinite(d)) {
      throw new IllegalArgumentException("field \"" + field + "\" is not finite: " + v);
    }
    return d;
  }

  private static Double optionalNumber(JsonNode node, String field) {
    JsonNode v = node.get(field);
    return v == null || v.isNull() ? null : number(node, field);
  }

  private static Map<String, Object> map(JsonNode node, String field) {
    JsonNode v = node.get(field);
    if (v == null || v.isNull()) {
      return Map.of();
    }
    if (!v.isObject()) {
      throw new IllegalArgumentException("field \"" + field + "\" must be an object, got " + v);
    }
    Map<String, Object> out = JsonTrees.toMap(v);
    out.values().removeIf(java.util.Objects::isNull);
    return out;
  }

  private static Map<String, Double> capacity(JsonNode node) {
    JsonNode v = node.get("capacity");
    if (v == null || v.isNull()) {
      return Map.of();
    }
    if (!v.isObject()) {
      throw new IllegalArgumentException("field \"capacity\" must be an object, got " + v);
    }
    Map<String, Double> out = new LinkedHashMap<>();
    v.fields().forEachRemaining(f -> {
      if (!f.getValue().isNumber()) {
        throw new IllegalArgumentException(
            "capacity \"" + f.getKey() + "\" must be a number, got " + f.getValue());
      }
      out.put(f.getKey(), f.getValue().asDouble());
    });
    return out;
  }
}
