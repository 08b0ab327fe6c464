package io.headroom.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

class DidYouMeanTest {
  @Test
  void distanceCountsEachEditOnceAndASwapAsOne() {
    assertEquals(0, DidYouMean.distance("host", "host"));
    assertEquals(1, DidYouMean.distance("hots", "host")); // s and t swapped
    assertEquals(1, DidYouMean.distance("intervall", "interval")); // one l deleted
    assertEquals(1, DidYouMean.distance("anaylze", "analyze")); // y and l swapped
    assertEquals(2, DidYouMean.distance("colr", "colour")); // o and u inserted
    assertEquals(3, DidYouMean.distance("entity", "entities")); // y->i, e and s inserted
    assertEquals(4, DidYouMean.distance("", "host")); // four insertions
  }

  @Test
  void suggestsTheNearestWithinTwoEditsOnly() {
    List<String> commands = List.of("demo", "analyze", "analyzer", "compare");
    assertEquals("analyze", DidYouMean.nearest("anaylze", commands)); // 1 edit; analyzer is 2
    assertEquals("compare", DidYouMean.nearest("compre", commands)); // 1 edit
    assertEquals("compare", DidYouMean.nearest("compa", commands)); // 2 edits: the boundary
    assertNull(DidYouMean.nearest("cmpr", commands)); // 3 edits from compare (o, a, e inserted)
    assertNull(DidYouMean.nearest("port", List.of("type", "host"))); // 2 edits, but 4 letters allow 1
    assertEquals("host", DidYouMean.nearest("hots", List.of("type", "host"))); // 1 edit: the boundary
    assertNull(DidYouMean.nearest("x", List.of("y"))); // 1 edit, but one letter allows none
  }

  @Test
  void namesTheKeyAndEitherTheSuggestionOrTheKnownKeys() {
    assertEquals("unknown key 'hots'; did you mean 'host'?", DidYouMean.unknownKey("hots", List.of("type", "host")));
    assertEquals("unknown key 'colour' (known: [depth, mode])", DidYouMean.unknownKey("colour", List.of("depth", "mode")));
  }
}
