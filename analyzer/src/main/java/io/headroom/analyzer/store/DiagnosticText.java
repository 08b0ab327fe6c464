package io.headroom.analyzer.store;

/**
 * Makes a diagnostic text storable in a PostgreSQL text column: the database's own error message
 * may quote the value it refused, and that value (a NUL, a lone surrogate) is what it could not
 * store in the first place. Not for data: data that cannot be stored is set aside, not altered.
 */
final class DiagnosticText {
  /** Long enough for any database message; a quoted multi-megabyte value is cut. */
  static final int MAX_CHARS = 2000;

  private DiagnosticText() {}

  static String of(String text) {
    if (text == null) {
      return "";
    }
    StringBuilder out = new StringBuilder(Math.min(text.length(), MAX_CHARS));
    for (int i = 0; i < text.length() && out.length() < MAX_CHARS; i++) {
      char ch = text.charAt(i);
      boolean loneSurrogate = Character.isSurrogate(ch) && !(Character.isHighSurrogate(ch)
          && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1)));
      if (ch == 0 || loneSurrogate) {
        out.append('\uFFFD');
      } else {
        out.append(ch);
        if (Character.isHighSurrogate(ch)) {
          out.append(text.charAt(++i));
        }
      }
    }
    return out.toString();
  }
}
