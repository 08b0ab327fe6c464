package io.headroom.model;

/**
 * What text PostgreSQL can store, checked before a record leaves the collector (and reusable by
 * whatever else writes records): a database that refuses a record for its content would otherwise
 * see it again on every retry.
 *
 * <ul>
 *   <li>No NUL character: PostgreSQL's text and jsonb cannot hold U+0000.
 *   <li>No unpaired UTF-16 surrogate: it has no UTF-8 encoding (Java would silently send '?').
 *   <li>Keys and names at most {@value #MAX_UTF8_BYTES} bytes of UTF-8: they are btree-indexed, and
 *       the widest index, the relation table's primary key (testbed, from_entity, rel, to_entity),
 *       then holds at most 4 x 512 = 2048 bytes, below PostgreSQL's limit of 2704 bytes per btree
 *       index row (a third of an 8 kB page, less overhead).
 * </ul>
 */
public final class StorableText {
  /** The longest key or name (entity id, name, kind, metric name, relation), in UTF-8 bytes. */
  public static final int MAX_UTF8_BYTES = 512;
  /** How much of a refused value an error message shows. */
  private static final int QUOTE_CHARS = 60;

  private StorableText() {}

  /** Why {@code s} cannot be stored as a key or name, or null when it can. */
  public static String keyProblem(String s) {
    return scan(s, MAX_UTF8_BYTES);
  }

  /** Why {@code s} cannot be stored as text of any length (a jsonb value), or null when it can. */
  public static String contentProblem(String s) {
    return scan(s, Integer.MAX_VALUE);
  }

  /** One pass (it runs for every reading a scrape adds): NUL, unpaired surrogates, UTF-8 length. */
  private static String scan(String s, int maxBytes) {
    long bytes = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == 0) {
        return "contains a NUL character (U+0000) at index " + i + ", which PostgreSQL cannot store";
      }
      if (c < 0x80) {
        bytes += 1;
      } else if (c < 0x800) {
        bytes += 2;
      } else if (!Character.isSurrogate(c)) {
        bytes += 3;
      } else if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
        bytes += 4; // a proper pair: one character outside the BMP
        i++;
      } else {
        return String.format("contains an unpaired UTF-16 surrogate (U+%04X) at index %d, which has no UTF-8 encoding",
            (int) c, i);
      }
    }
    return bytes > maxBytes ? "is " + bytes + " bytes of UTF-8, over the limit of " + maxBytes : null;
  }

  /**
   * {@code s} fit for an error message: quoted, control characters and surrogates escaped
   * ({@code \u0000}), cut after 60 characters with its full length said.
   */
  public static String quote(String s) {
    StringBuilder out = new StringBuilder("\"");
    int shown = Math.min(s.length(), QUOTE_CHARS);
    for (int i = 0; i < shown; i++) {
      char c = s.charAt(i);
      if (Character.isISOControl(c) || Character.isSurrogate(c) || c == '"' || c == '\\') {
        out.append(c == '"' || c == '\\' ? "\\" + c : String.format("\\u%04X", (int) c));
      } else {
        out.append(c);
      }
    }
    out.append('"');
    if (shown < s.length()) {
      out.append("... (").append(s.length()).append(" characters)");
    }
    return out.toString();
  }
}
