package io.headroom.model.recording;

import io.headroom.model.Entity;
import io.headroom.model.RecordingRecord;
import io.headroom.model.input.BoundedLines;
import io.headroom.model.input.InputFormatException;
import java.io.IOException;
import java.io.InputStream;
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

  /** A regular file's records; anything else (a directory, a FIFO, a device) is refused unopened. */
  public ReadStats read(Path file, Consumer<RecordingRecord> sink) throws IOException {
    try (BoundedLines lines = BoundedLines.open(file)) {
      return read(lines, sink);
    }
  }

  /** Reads from any stream of bytes; {@code source} names it in errors. */
  public ReadStats read(String source, InputStream in, Consumer<RecordingRecord> sink) throws IOException {
    return read(new BoundedLines(in, source, BoundedLines.MAX_LINE_BYTES), sink);
  }

  private ReadStats read(BoundedLines lines, Consumer<RecordingRecord> sink) throws IOException {
    String source = lines.source();
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
      } catch (InputFormatException | IllegalArgumentException | NullPointerException e) {
        String problem = e instanceof InputFormatException i ? i.problem() : e.getMessage();
        RecordingFormatException error = new RecordingFormatException(source, lineNo, problem);
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
