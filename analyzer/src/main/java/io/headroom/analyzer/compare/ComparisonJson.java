package io.headroom.analyzer.compare;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

/** The comparison object (docs/verdict-format.md) as JSON: the field names and order are the contract. */
public final class ComparisonJson {
  private static final ObjectMapper JSON = new ObjectMapper();

  private ComparisonJson() {}

  public static String toJson(Comparison c) {
    try {
      return JSON.writeValueAsString(c);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot encode the comparison of " + c.b().run() + " with " + c.a().run(), e);
    }
  }
}
