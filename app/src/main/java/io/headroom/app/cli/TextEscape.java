package io.headroom.app.cli;

/**
 * Text from a recording as a terminal may show it: identifiers and evidence come from files and
 * devices anyone can write, so a newline, an ANSI escape or a bidirectional override in an entity
 * id would otherwise forge lines ("bottleneck NONE" in red) or reorder them. Those characters are
 * printed as escapes instead: \n, \r, \t, and \\uXXXX for every other control or format character.
 */
final class TextEscape {
  private TextEscape() {}

  static String of(String s) {
    if (s == null) {
      return null;
    }
    StringBuilder out = null;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      String replacement = replacement(c);
      if (replacement != null && out == null) {
        out = new StringBuilder(s.length() + 8).append(s, 0, i);
      }
      if (out != null) {
        out.append(replacement != null ? replacement : String.valueOf(c));
      }
    }
    return out == null ? s : out.toString();
  }

  private static String replacement(char c) {
    switch (c) {
      case '\n':
        return "\\n";
      case '\r':
        return "\\r";
      case '\t':
        return "\\t";
      case '\\':
        return null;
      default:
        int type = Character.getType(c);
        boolean hidden = type == Character.CONTROL || type == Character.FORMAT
            || type == Character.LINE_SEPARATOR || type == Character.PARAGRAPH_SEPARATOR;
        return hidden ? String.format("\\u%04x", (int) c) : null;
    }
  }
}
