package io.headroom.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StorableTextTest {
  @Test
  void nulAndUnpairedSurrogatesAreRefusedWithWhereTheyAre() {
    assertEquals("contains a NUL character (U+0000) at index 3, which PostgreSQL cannot store",
        StorableText.keyProblem("h1/\u0000x"));
    assertEquals("contains an unpaired UTF-16 surrogate (U+D800) at index 2, which has no UTF-8 encoding",
        StorableText.keyProblem("ab\uD800c"));
    assertEquals("contains an unpaired UTF-16 surrogate (U+DC00) at index 0, which has no UTF-8 encoding",
        StorableText.keyProblem("\uDC00"));
    assertEquals("contains an unpaired UTF-16 surrogate (U+D83D) at index 1, which has no UTF-8 encoding",
        StorableText.keyProblem("a\uD83D")); // a high surrogate cut off at the end
    assertNull(StorableText.keyProblem("disk \uD83D\uDCBE é 磁盘")); // a proper pair and other scripts
  }

  @Test
  void theLengthLimitIsInUtf8BytesAt512() {
    assertNull(StorableText.keyProblem("a".repeat(512)));
    assertEquals("is 513 bytes of UTF-8, over the limit of 512", StorableText.keyProblem("a".repeat(513)));
    // é is 2 bytes: 256 of them are 512 bytes, 257 are 514
    assertNull(StorableText.keyProblem("é".repeat(256)));
    assertEquals("is 514 bytes of UTF-8, over the limit of 512", StorableText.keyProblem("é".repeat(257)));
    // 磁 is 3 bytes, the floppy-disk emoji 4 (two UTF-16 units): 128 emoji = 512 bytes; + 1 磁 = 515
    assertNull(StorableText.keyProblem("\uD83D\uDCBE".repeat(128)));
    assertEquals("is 515 bytes of UTF-8, over the limit of 512", StorableText.keyProblem("\uD83D\uDCBE".repeat(128) + "磁"));
    // content (jsonb values) has no length limit
    assertNull(StorableText.contentProblem("a".repeat(10_000)));
  }

  @Test
  void quotingEscapesWhatCannotBePrintedAndCutsLongValues() {
    assertEquals("\"h1/\\u0000x\"", StorableText.quote("h1/\u0000x"));
    assertEquals("\"a\\uD800 \\\"b\\\"\"", StorableText.quote("a\uD800 \"b\""));
    assertEquals("\"" + "x".repeat(60) + "\"... (600 characters)", StorableText.quote("x".repeat(600)));
  }

  @Test
  void everyTextFieldOfARecordIsNamed() {
    Map<String, Object> attrs = new LinkedHashMap<>();
    attrs.put("model", "X\u0000");
    attrs.put("nested", Map.of("k\uD800", 1));
    Entity e = new Entity("a\u0000", "disk", "n".repeat(600), attrs, Map.of());
    assertEquals(List.of(
        "id: contains a NUL character (U+0000) at index 1, which PostgreSQL cannot store",
        "name: is 600 bytes of UTF-8, over the limit of 512",
        "attrs.model: contains a NUL character (U+0000) at index 1, which PostgreSQL cannot store",
        "attrs.nested key \"k\\uD800\": contains an unpaired UTF-16 surrogate (U+D800) at index 1, which has no UTF-8 encoding"),
        StorableRecords.problems(e));
    assertEquals(List.of("to: is 513 bytes of UTF-8, over the limit of 512"),
        StorableRecords.problems(new Relation("a", "on", "b".repeat(513))));
    assertEquals(List.of("metric: contains a NUL character (U+0000) at index 0, which PostgreSQL cannot store"),
        StorableRecords.problems(new Sample(1, "a", "\u0000", 1)));
    assertEquals(List.of("name: contains an unpaired UTF-16 surrogate (U+DFFF) at index 0, which has no UTF-8 encoding"),
        StorableRecords.problems(new Phase("r1", "\uDFFF", 0, null)));
    assertEquals(List.of(), StorableRecords.problems(new Run("r1", "lab", 0, null, Map.of("rw", "randread"))));
  }
}
