package io.headroom.model;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/** The verdict object of design.md as JSON: field names and order are the contract. */
public final class VerdictJson {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final ObjectMapper PRETTY = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private VerdictJson() {}

  public static String toJson(Verdict verdict) {
    return write(JSON, verdict);
  }

  public static String toPrettyJson(Verdict verdict) {
    return write(PRETTY, verdict);
  }

  public static Verdict fromJson(String json) {
    try {
      return JSON.readValue(json, Verdict.class);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("not a verdict object: " + e.getOriginalMessage(), e);
    }
  }

  private static String write(ObjectMapper mapper, Verdict verdict) {
    try {
      return mapper.writeValueAsString(verdict);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot encode verdict of run " + verdict.run(), e);
    }
  }
}
