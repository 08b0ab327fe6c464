package io.headroom.model.recording;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** JsonTrees against what ObjectMapper.readTree and convertValue give for the same text. */
class JsonTreesTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  @Test
  void integersTakeTheSmallestNodeThatHoldsThemAndOtherNumbersAreDoubles() throws Exception {
    // 2^31-1 is the largest int, 2^31 a long; 2^63 is past a long
    String text = "{\"i\":2147483647,\"l\":2147483648,\"b\":9223372036854775808,\"d\":0.5,\"e\":1e400}";
    JsonNode n = JsonTrees.read(text);
    assertTrue(n.get("i").isInt());
    assertEquals(2147483647, n.get("i").intValue());
    assertTrue(n.get("l").isLong());
    assertEquals(2147483648L, n.get("l").longValue());
    assertTrue(n.get("b").isBigInteger());
    assertEquals(BigInteger.TWO.pow(63), n.get("b").bigIntegerValue());
    assertTrue(n.get("d").isDouble());
    assertEquals(0.5, n.get("d").doubleValue());
    assertEquals(Double.POSITIVE_INFINITY, n.get("e").doubleValue()); // the domain check refuses it later
    assertEquals(MAPPER.readTree(text), n);
  }

  @Test
  void theTreeIsReadTreesForEveryKindOfValue() throws Exception {
    for (String text : List.of(
        "{\"type\":\"sample\",\"ts\":1.7e9,\"entity\":\"h1/cpu\",\"metric\":\"util\",\"value\":-0.0}",
        "{\"a\":[1,[2,{\"b\":null}],\"x\",true,false],\"c\":{},\"d\":[]}",
        "{\"k\":1,\"k\":2}", // a later duplicate wins in both
        "{\"s\":\"\\u00e9\\n\\\"\"}",
        "[1,2]", "\"text\"", "42", "null", "{} trailing words")) {
      assertEquals(MAPPER.readTree(text), JsonTrees.read(text), text);
    }
    assertEquals(2, JsonTrees.read("{\"k\":1,\"k\":2}").get("k").intValue());
  }

  @Test
  void emptyTextHasNoValueAndBrokenTextFailsWithTheParsersMessage() throws Exception {
    assertNull(JsonTrees.read(""));
    assertNull(JsonTrees.read("   \n"));
    for (String broken : List.of("{\"a\":", "{\"a\":1", "[1,2", "{a:1}", "{\"a\":1,}", "nul", "]")) {
      JsonProcessingException ours = assertThrows(JsonProcessingException.class, () -> JsonTrees.read(broken), broken);
      JsonProcessingException theirs = assertThrows(JsonProcessingException.class, () -> MAPPER.readTree(broken));
      assertEquals(theirs.getOriginalMessage(), ours.getOriginalMessage(), broken);
    }
  }

  @Test
  void anObjectAsJavaValuesIsConvertValuesMap() throws Exception {
    String text = "{\"bs\":4096,\"rw\":\"randread\",\"big\":9223372036854775808,\"l\":2147483648,\"ratio\":0.7,"
        + "\"direct\":true,\"none\":null,\"jobs\":[1,\"two\",{\"three\":3}],\"nested\":{\"a\":{\"b\":[]}}}";
    JsonNode node = MAPPER.readTree(text);
    @SuppressWarnings("unchecked")
    Map<String, Object> theirs = MAPPER.convertValue(node, LinkedHashMap.class);
    Map<String, Object> ours = JsonTrees.toMap(node);
    assertEquals(theirs, ours);
    assertEquals(List.copyOf(theirs.keySet()), List.copyOf(ours.keySet()), "the file's order");
    assertEquals(Integer.class, ours.get("bs").getClass());
    assertEquals(Long.class, ours.get("l").getClass());
    assertEquals(BigInteger.class, ours.get("big").getClass());
    assertEquals(Double.class, ours.get("ratio").getClass());
    assertTrue(ours.containsKey("none") && ours.get("none") == null);
    assertEquals(List.of(1, "two", Map.of("three", 3)), ours.get("jobs"));
  }
}
