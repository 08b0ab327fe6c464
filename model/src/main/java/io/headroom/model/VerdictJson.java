package io.headroom.model;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

/** The verdict object of design.md as JSON: field names and order are the contract. */
public final class VerdictJson {
  private static final ObjectMapper JSON = new ObjectMapper();

  private VerdictJson() {}

  public static String toJson(Verdict verdict) {
    return write(JSON, verdict);
  }

  /**
   * A verdict object, perhaps from another producer: what is not one (not JSON, nested past the
   * parser's depth limit, a field of the wrong type, no "bottleneck" field, which every verdict
   * has and its storing reads) is refused. A bottleneck of null is a verdict too: a run none of
   * whose phases had enough readings to be judged (docs/verdict-format.md).
   *
   * @throws IllegalArgumentException saying what is wrong
   */
  public static Verdict fromJson(String json) {
    com.fasterxml.jackson.databind.JsonNode tree;
    Verdict v;
    try {
      tree = JSON.readTree(json);
      v = tree == null || tree.isNull() ? null : JSON.treeToValue(tree, Verdict.class);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("not a verdict object: " + e.getOriginalMessage(), e);
    }
    if (v == null || !tree.has("bottleneck")) {
      throw new IllegalArgumentException("not a verdict object: " + (v == null ? "null" : "no \"bottleneck\""));
    }
    return v;
  }

  private static String write(ObjectMapper mapper, Verdict verdict) {
    try {
      return mapper.writeValueAsString(verdict);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot encode verdict of run " + verdict.run(), e);
    }
  }
}
