package io.headroom.model.recording;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayInputStream;
import java.io.IOException;

/**
 * Issue 48: any bytes given as a recording are read, strictly or leniently, to records or to a
 * refusal naming the file and line; nothing else escapes. Coverage-guided (Jazzer): in a plain
 * build the seed inputs and the crashes kept (src/test/resources/.../RecordingReaderFuzzTestInputs)
 * run once; {@code JAZZER_FUZZ=1} fuzzes (docs/testing.md, "Fuzzing").
 */
class RecordingReaderFuzzTest {
  @FuzzTest(maxDuration = "5m")
  void anyBytesAreRecordsOrARefusalNamingTheLine(byte[] bytes) throws IOException {
    long lines = bytes.length == 0 ? 0 : countLines(bytes);
    try {
      ReadStats strict = new RecordingReader(false).read("fuzz.jsonl", new ByteArrayInputStream(bytes), r -> { });
      assertTrue(strict.records() + strict.unknownLines() <= lines, "no more records than lines");
    } catch (RecordingFormatException e) {
      assertTrue(e.getMessage().startsWith("fuzz.jsonl:" + e.line() + ": "), e.getMessage());
      assertTrue(e.line() >= 1 && e.line() <= lines, e.getMessage());
    }
    ReadStats lenient = new RecordingReader(true).read("fuzz.jsonl", new ByteArrayInputStream(bytes), r -> { });
    assertTrue(lenient.records() + lenient.badLines() + lenient.unknownLines() <= lines);
    assertTrue(lenient.firstProblems().size() <= RecordingReader.KEPT_PROBLEMS);
  }

  private static long countLines(byte[] bytes) {
    long n = 1;
    for (int i = 0; i < bytes.length - 1; i++) {
      n += bytes[i] == '\n' ? 1 : 0;
    }
    return n;
  }
}
