package io.headroom.model.recording;

import java.util.List;

/**
 * What a read saw: records accepted, lines skipped as bad (only with lenient reading), record types
 * ignored as unknown, and the first few problems so a person can look.
 */
public record ReadStats(long records, long badLines, long unknownLines, List<String> firstProblems) {
  public ReadStats {
    firstProblems = List.copyOf(firstProblems);
  }
}
