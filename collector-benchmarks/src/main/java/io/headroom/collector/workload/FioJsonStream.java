package io.headroom.collector.workload;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
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
 * parsed by Jackson on its own. Anything between objects is kept as noise for error messages.
 */
final class FioJsonStream {
  /** One framed object and the 1-based line it starts on (to turn Jackson's locations into file lines). */
  record Chunk(String text, int firstLine) {}

  private final BufferedReader in;
  private final List<String> noise = new ArrayList<>();
  private int line;

  FioJsonStream(Reader in) {
    this.in = in instanceof BufferedReader b ? b : new BufferedReader(in);
  }

  /** The next object, or null at end of input. An object cut off by end of input is returned as is. */
  Chunk next() throws IOException {
    String l;
    while ((l = in.readLine()) != null) {
      line++;
      if (l.stripLeading().startsWith("{")) {
        return frame(l);
      }
      if (!l.isBlank()) {
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
      l = in.readLine();
      if (l == null) {
        return new Chunk(text.toString(), start);
      }
      line++;
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
