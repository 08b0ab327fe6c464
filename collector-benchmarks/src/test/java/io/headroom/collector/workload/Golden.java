package io.headroom.collector.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * Golden-file cases: one folder per case under a fixture directory, the expectation in a file.
 * Run with -Dheadroom.regen=true to rewrite the expectations after a deliberate change: the
 * tests then fail, asking for the diff to be reviewed and a run without the flag.
 */
final class Golden {
  private static final boolean REGEN = Boolean.getBoolean("headroom.regen");

  private Golden() {}

  /** The case folders' names, sorted. */
  static Stream<String> cases(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(Files::isDirectory).map(p -> p.getFileName().toString()).sorted().toList().stream();
    }
  }

  /**
   * Compares with the expected file. With -Dheadroom.regen=true it writes the file and fails:
   * the file just written compared with the output it came from could not fail, so a regeneration
   * never passes, and the run without the flag, after the diff is reviewed, is the check.
   */
  static void check(Path expected, String actual) throws IOException {
    if (REGEN) {
      Files.writeString(expected, actual, StandardCharsets.UTF_8);
      fail("expected file written: " + expected + "; review its diff (git diff) and run again without -Dheadroom.regen");
    }
    assertEquals(Files.readString(expected, StandardCharsets.UTF_8), actual, expected.toString());
  }
}
