package io.headroom.app.api;

import com.fasterxml.jackson.databind.JsonNode;
import io.headroom.model.StorableText;
import java.util.Iterator;
import java.util.Map;

/**
 * What a request may carry, checked at the edge so the API never accepts what the database refuses
 * (a record dead-lettered after a 202) nor hands PostgreSQL a value it answers with its own error
 * text. Each refusal is a 400 naming the field.
 */
final class RequestChecks {
  /** 9999-12-31T23:59:59Z: the last second with a four-digit year (docs/api.md "Times"). */
  static final double LATEST_SECONDS = 253_402_300_799.0;

  private RequestChecks() {}

  /**
   * A time in Unix seconds: finite and within 0 .. {@link #LATEST_SECONDS}. PostgreSQL's timestamptz
   * goes further (to year 294276), but no benchmark ran before 1970 or will run after 9999, and
   * 1e300 or Infinity (what JSON's 1e400 reads as) reach no timestamp at all.
   */
  static double unixSeconds(String field, double value) {
    if (!Double.isFinite(value) || value < 0 || value > LATEST_SECONDS) {
      throw ApiException.badRequest(field + ": must be Unix seconds from 0 to " + (long) LATEST_SECONDS
          + " (9999-12-31T23:59:59Z), got " + value);
    }
    return value;
  }

  /** An id or name (testbed, run, phase): storable as a key and free of control characters. */
  static String key(String field, String value) {
    String problem = StorableText.keyProblem(value);
    if (problem == null) {
      problem = controlCharacter(value, false);
    }
    if (problem != null) {
      throw ApiException.badRequest(field + ": " + problem);
    }
    return value;
  }

  /** Free text (an annotation): storable, and no control characters but tab and line breaks. */
  static String text(String field, String value) {
    String problem = StorableText.contentProblem(value);
    if (problem == null) {
      problem = controlCharacter(value, true);
    }
    if (problem != null) {
      throw ApiException.badRequest(field + ": " + problem);
    }
    return value;
  }

  /** Every key and string of a JSON value (the workload object, stored as jsonb), named by its path. */
  static void storableJson(String field, JsonNode node) {
    if (node.isTextual()) {
      text(field, node.textValue());
    } else if (node.isObject()) {
      for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        text(field + " (a key)", e.getKey());
        storableJson(field + "." + e.getKey(), e.getValue());
      }
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        storableJson(field + "[" + i + "]", node.get(i));
      }
    } else if (node.isNumber() && !Double.isFinite(node.asDouble())) {
      throw ApiException.badRequest(field + ": " + node.asText() + " is not a finite number");
    }
  }

  /**
   * The first control character (C0, DEL or C1); with {@code lineBreaksAllowed}, tab, \n and \r
   * pass. A NUL is caught before this, by {@link StorableText}, with its own reason.
   */
  private static String controlCharacter(String s, boolean lineBreaksAllowed) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      boolean control = c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0);
      boolean allowed = lineBreaksAllowed && (c == '\t' || c == '\n' || c == '\r');
      if (control && !allowed) {
        return String.format("contains the control character U+%04X at index %d", (int) c, i);
      }
    }
    return null;
  }
}
