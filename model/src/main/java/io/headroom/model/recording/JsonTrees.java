package io.headroom.model.recording;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One JSON text into a tree, built from the streaming parser's tokens: the tree that
 * {@code ObjectMapper.readTree} gives (a later duplicate key wins, integers as int, long or
 * BigInteger nodes by size, other numbers as double nodes), without an ObjectMapper.
 *
 * <p>Why: a recording's first line is read in a fresh JVM, and an ObjectMapper's set-up (its
 * configuration, date formats and locale data, the deserializer caches readTree goes through)
 * was a visible part of a small {@code headroom analyze}'s start (docs/benchmarks.md, "Start-up,
 * fourth pass"). The parser and its error messages are the same as readTree's.
 */
final class JsonTrees {
  private static final JsonFactory FACTORY = new JsonFactory();
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private JsonTrees() {}

  /** The first JSON value of {@code text} (what follows it is not read), or null when it has none. */
  static JsonNode read(String text) throws IOException {
    try (JsonParser p = FACTORY.createParser(text)) {
      JsonToken first = p.nextToken();
      return first == null ? null : value(p, first);
    }
  }

  private static JsonNode value(JsonParser p, JsonToken token) throws IOException {
    if (token == null) { // the parser reports an unclosed object or array itself; this is a guard
      throw new JsonParseException(p, "Unexpected end-of-input");
    }
    return switch (token) {
      case START_OBJECT -> object(p);
      case START_ARRAY -> array(p);
      case VALUE_STRING -> NODES.textNode(p.getText());
      case VALUE_NUMBER_INT -> integer(p);
      case VALUE_NUMBER_FLOAT -> NODES.numberNode(p.getDoubleValue());
      case VALUE_TRUE -> NODES.booleanNode(true);
      case VALUE_FALSE -> NODES.booleanNode(false);
      case VALUE_NULL -> NODES.nullNode();
      default -> throw new JsonParseException(p, "Unexpected token " + token); // the parser refuses these first
    };
  }

  private static ObjectNode object(JsonParser p) throws IOException {
    ObjectNode node = NODES.objectNode();
    for (String name = p.nextFieldName(); name != null; name = p.nextFieldName()) {
      node.set(name, value(p, p.nextToken()));
    }
    return node;
  }

  private static ArrayNode array(JsonParser p) throws IOException {
    ArrayNode node = NODES.arrayNode();
    for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
      node.add(value(p, t));
    }
    return node;
  }

  /**
   * A JSON object as plain Java values, as {@code ObjectMapper.convertValue(node, LinkedHashMap.class)}
   * gives them: objects as LinkedHashMap, arrays as ArrayList, strings, Integer, Long or BigInteger,
   * Double, Boolean, and null.
   */
  static Map<String, Object> toMap(JsonNode object) {
    Map<String, Object> out = new LinkedHashMap<>();
    object.fields().forEachRemaining(f -> out.put(f.getKey(), toJava(f.getValue())));
    return out;
  }

  private static Object toJava(JsonNode node) {
    if (node.isObject()) {
      return toMap(node);
    }
    if (node.isArray()) {
      List<Object> out = new ArrayList<>(node.size());
      node.forEach(item -> out.add(toJava(item)));
      return out;
    }
    if (node.isTextual()) {
      return node.textValue();
    }
    if (node.isBoolean()) {
      return node.booleanValue();
    }
    return node.isNumber() ? node.numberValue() : null; // null: the only node left a JSON text makes
  }

  private static JsonNode integer(JsonParser p) throws IOException {
    return switch (p.getNumberType()) {
      case INT -> NODES.numberNode(p.getIntValue());
      case LONG -> NODES.numberNode(p.getLongValue());
      default -> NODES.numberNode(p.getBigIntegerValue());
    };
  }
}
