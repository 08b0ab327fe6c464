package io.headroom.analyzer.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** {@link DiagnosticText}: what PostgreSQL cannot hold becomes U+FFFD; the rest is kept; 2,000 chars at most. */
class DiagnosticTextCleaningTest {
  @Test
  void nothingIsAnEmptyText() {
    assertEquals("", DiagnosticText.of(null));
  }

  @Test
  void aNulAndLoneSurrogatesBecomeReplacementCharactersAndPairsStay() {
    String pair = "\uD83D\uDE00"; // U+1F600, a valid surrogate pair
    assertEquals("a\uFFFDb", DiagnosticText.of("a\u0000b"));
    assertEquals("x" + pair + "y", DiagnosticText.of("x" + pair + "y"));
    assertEquals("\uFFFDz", DiagnosticText.of("\uD83Dz"), "a high surrogate not followed by a low one");
    assertEquals("z\uFFFD", DiagnosticText.of("z\uD83D"), "a high surrogate at the very end");
    assertEquals("\uFFFDz", DiagnosticText.of("\uDE00z"), "a low surrogate with no high one before it");
    assertEquals("\uFFFD\uFFFD", DiagnosticText.of("\uDE00\uD83D"), "low then high is no pair");
  }

  @Test
  void textIsCutAtTwoThousandCharacters() {
    assertEquals("a".repeat(1999), DiagnosticText.of("a".repeat(1999)));
    assertEquals("a".repeat(2000), DiagnosticText.of("a".repeat(2000)));
    assertEquals("a".repeat(2000), DiagnosticText.of("a".repeat(2001)));
    // a pair starting at char 1,999 is kept whole (2,001 chars) rather than split
    String pair = "\uD83D\uDE00";
    assertEquals("a".repeat(1999) + pair, DiagnosticText.of("a".repeat(1999) + pair + "bbb"));
  }
}
