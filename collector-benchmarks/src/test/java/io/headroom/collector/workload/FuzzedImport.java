package io.headroom.collector.workload;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.model.RecordingRecord;
import io.headroom.model.input.BoundedLines;
import io.headroom.model.input.InputFormatException;
import io.headroom.model.recording.Domains;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The invariant every importer's fuzz test asserts (issue 48): any bytes give records that hold
 * the recording format's domains, at most a bounded number of them, or one of the two refusals
 * a command prints as a user's error (exit 2), its message naming the input; nothing else escapes.
 */
final class FuzzedImport {
  /** The input's name in messages. */
  static final String SOURCE = "fuzz/input.txt";

  /** An importer over lines, as the fuzz tests call it. */
  interface Importer {
    void read(BoundedLines in, List<RecordingRecord> out) throws IOException;
  }

  private FuzzedImport() {}

  /** Lines of {@code bytes}, with a small line bound so the bound's path is reached too. */
  static BoundedLines lines(byte[] bytes) {
    return new BoundedLines(new ByteArrayInputStream(bytes), SOURCE, 1 << 16);
  }

  static void check(byte[] bytes, Importer importer) throws IOException {
    List<RecordingRecord> out = new ArrayList<>();
    try {
      importer.read(lines(bytes), out);
    } catch (FioFormatException | InputFormatException e) {
      assertTrue(e.getMessage().startsWith(SOURCE), e.getMessage());
      return;
    }
    // a record needs a few bytes of input: no input makes output without bound
    assertTrue(out.size() <= 100L * (bytes.length + 1), out.size() + " records from " + bytes.length + " bytes");
    for (RecordingRecord r : out) {
      String problem = Domains.problem(r);
      assertTrue(problem == null, problem);
    }
  }
}
