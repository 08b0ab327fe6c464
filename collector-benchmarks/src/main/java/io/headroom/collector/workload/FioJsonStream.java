package io.headroom.collector.workload;

import io.headroom.model.input.BoundedLines;
import io.headroom.model.input.InputFormatException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits fio's stdout into its top-level JSON objects as they arrive.
 *
 * <p>With --status-interval fio prints one complete JSON object per interval and then the final
 * one, back to back. It also prints plain-text notes to stdout ("fio: ..."), which would stop a
 * single Jackson parser over the whole stream for good. So objects are framed first: an object
 * starts at a line whose first non-blank character is '{' and ends where its braces balance
 * (strings and escapes respected, so a compacted one-line object works too); each object is then
 * parsed by Jackson on its own. Anything between objects is kept as noise for error messages (the
 * first {@value #KEPT_NOISE} lines). Lines come bounded ({@link BoundedLines}), and so does an
 * object: past {@value #MAX_OBJECT_CHARS} characters (a json+ of a thousand jobs is a few tens of
 * MB) it is no fio output, and is refused before it can fill the heap.
 */
final class FioJsonStream {
  /** One framed object and the 1-based line it starts on (to turn Jackson's locations into file lines). */
  record Chunk(String text, int firstLine) {}

  static final int MAX_OBJECT_CHARS = 64 << 20;
  static final int KEPT_NOISE = 20;
  private final BoundedLines in;
  private final List<String> noise = new ArrayList<>();
  private int line;

  FioJsonStream(BoundedLines in) {
    this.in = in;
  }

  /** The next object, or null at end of input. An object cut off by end of input is returned as is. */
  Chunk next() throws IOException {
    String l;
    while ((l = in.next()) != null) {
      line = (int) in.lineNumber();
      if (l.stripLeading().startsWith("{")) {
        return frame(l);
      }
      if (!l.isBlank() && noise.size() < KEPT_NOISE) {
        noise.add(l);
      }
    }
    return null;
  }

  /** Text lines seen outside JSON objects (fio's notes and warnings). */
  List<String> noise() {
    return List.copyOf(noise);
  }

  private Chunk frame(String first) throws IOException {
    int start = line;
    StringBuilder text = new StringBuilder();
    BraceCounter braces = new BraceCounter();
    String l = first;
    while (true) {
      text.append(l).append('\n');
      if (braces.feed(l) == 0) {
        return new Chunk(text.toString(), start);
      }
      if (text.length() > MAX_OBJECT_CHARS) {
        throw new InputFormatException(in.source(), start, "a JSON object of more than " + (MAX_OBJECT_CHARS >> 20)
            + " MiB starts here: not fio output");
      }
      l = in.next();
      if (l == null) {
        return new Chunk(text.toString(), start);
      }
      line = (int) in.lineNumber();
    }
  }

  /** Counts brace depth outside JSON strings. */
  private static final class BraceCounter {
    private int depth;
    private boolean inString;
    private boolean escaped;

    int feed(String l) {
      for (int i = 0; i < l.length(); i++) {
        char c = l.charAt(i);
        if (inString) {
          if (escaped) {
            escaped = false;
          } else if (c == '\\') {
            escaped = true;
          } else if (c == '"') {
            inString = false;
          }
        } else if (c == '"') {
          inString = true;
        } else if (c == '{') {
          depth++;
        } else if (c == '}') {
          depth--;
        }
      }
      return depth;
    }
  }
}
