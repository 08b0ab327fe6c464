package io.headroom.model.recording;

import io.headroom.model.Entity;
import io.headroom.model.RecordingRecord;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Streams a recording (format v1) record by record, so a recording of any length reads in memory
 * bounded by its entities. Strict by default: the first bad line (not UTF-8, not JSON, a field
 * missing or of the wrong type, a number outside its domain, an entity declared again with other
 * contents) stops the read with an error naming file and line. Lenient: bad lines are skipped and
 * counted, and the first {@value #KEPT_PROBLEMS} are kept.
 */
public final class RecordingReader {
  static final int KEPT_PROBLEMS = 10;
  private final boolean lenient;

  public RecordingReader(boolean lenient) {
    this.lenient = lenient;
  }

  public ReadStats read(Path file, Consumer<RecordingRecord> sink) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      return read(file.toString(), new Utf8Lines(in)::next, sink);
    }
  }

  /** Reads from any reader (already decoded); {@code source} names it in errors. */
  public ReadStats read(String source, Reader reader, Consumer<RecordingRecord> sink)
      throws IOException {
    BufferedReader in = reader instanceof BufferedReader b ? b : new BufferedReader(reader);
    return read(source, in::readLine, sink);
  }

  /** The next line of a recording, null at its end. */
  private interface Lines {
    String next() throws IOException, Utf8Lines.NotUtf8;
  }

  private ReadStats read(String source, Lines lines, Consumer<RecordingRecord> sink) throws IOException {
    long lineNo = 0;
    long records = 0;
    long bad = 0;
    long unknown = 0;
    List<String> problems = new ArrayList<>();
    Map<String, Long> entityLines = new HashMap<>();
    Map<String, Entity> entities = new HashMap<>();
    while (true) {
      String line;
      RecordingRecord record;
      lineNo++;
      try {
        line = lines.next();
        if (line == null) {
          break;
        }
        if (line.isBlank()) {
          continue;
        }
        record = RecordingCodec.parse(line);
        if (record instanceof Entity e) {
          sameAsBefore(e, entities, entityLines, lineNo);
        }
      } catch (Utf8Lines.NotUtf8 | IllegalArgumentException | NullPointerException e) {
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

  /**
   * An entity may be declared again (a collector re-publishes its topology) but not differently:
   * two contents under one id would leave the analysis to whichever came last.
   */
  private static void sameAsBefore(Entity e, Map<String, Entity> seen, Map<String, Long> lines, long lineNo) {
    Entity first = seen.putIfAbsent(e.id(), e);
    if (first == null) {
      lines.put(e.id(), lineNo);
    } else if (!first.equals(e)) {
      throw new IllegalArgumentException("entity \"" + e.id() + "\" declared again with other contents"
          + " (first at line " + lines.get(e.id()) + "): " + differences(first, e));
    }
  }

  /** "kind net_port, now disk" for the first field that differs. */
  private static String differences(Entity a, Entity b) {
    if (!a.kind().equals(b.kind())) {
      return "kind " + a.kind() + ", now " + b.kind();
    }
    if (!a.name().equals(b.name())) {
      return "name " + a.name() + ", now " + b.name();
    }
    if (!a.attrs().equals(b.attrs())) {
      return "attrs " + a.attrs() + ", now " + b.attrs();
    }
    return "capacity " + a.capacity() + ", now " + b.capacity();
  }

  public static List<RecordingRecord> readAll(Path file, boolean lenient) throws IOException {
    List<RecordingRecord> out = new ArrayList<>();
    new RecordingReader(lenient).read(file, out::add);
    return out;
  }
}
