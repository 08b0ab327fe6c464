package io.headroom.model.recording;

import io.headroom.model.RecordingRecord;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Streams a recording (format v1) record by record, so a recording of any length reads in constant
 * memory. Strict by default: the first bad line stops the read with an error naming file and line.
 * Lenient: bad lines are skipped and counted, and the first {@value #KEPT_PROBLEMS} are kept.
 */
public final class RecordingReader {
  static final int KEPT_PROBLEMS = 10;
  private final boolean lenient;

  public RecordingReader(boolean lenient) {
    this.lenient = lenient;
  }

  public ReadStats read(Path file, Consumer<RecordingRecord> sink) throws IOException {
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      return read(file.toString(), in, sink);
    }
  }

  /** Reads from any reader; {@code source} names it in errors. */
  public ReadStats read(String source, Reader reader, Consumer<RecordingRecord> sink)
      throws IOException {
    BufferedReader in = reader instanceof BufferedReader b ? b : new BufferedReader(reader);
    long lineNo = 0;
    long records = 0;
    long bad = 0;
    long unknown = 0;
    List<String> problems = new ArrayList<>();
    String line;
    while ((line = in.readLine()) != null) {
      lineNo++;
      if (line.isBlank()) {
        continue;
      }
      RecordingRecord record;
      try {
        record = RecordingCodec.parse(line);
      } catch (IllegalArgumentException | NullPointerException e) {
        RecordingFormatException error = new RecordingFormatException(source, lineNo, e.getMessage());
        if (!lenient) {
          throw error;
        }
        bad++;
        if (problems.size() < KEPT_PROBLEMS) {
          problems.add(error.getMessage());
        }
        continue;
      }
      if (record == null) {
        unknown++;
        continue;
      }
      sink.accept(record);
      records++;
    }
    return new ReadStats(records, bad, unknown, problems);
  }

  public static List<RecordingRecord> readAll(Path file, boolean lenient) throws IOException {
    List<RecordingRecord> out = new ArrayList<>();
    new RecordingReader(lenient).read(file, out::add);
    return out;
  }
}
