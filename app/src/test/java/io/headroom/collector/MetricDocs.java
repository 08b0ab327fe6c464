package io.headroom.collector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import io.headroom.model.MetricDef;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks a docs/metrics page against the declarations: its table (| name | unit | type | kinds |
 * description |) must list exactly the declared metrics, field for field, in order. The table is
 * the catalog's, the prose around it is written by hand: with {@code -Dheadroom.golden.update=true}
 * the table's rows are written from the declarations and the test fails, as golden updates do
 * ({@code golden.Golden}), so a rename in a declaration reaches its page by one run and a diff to
 * review, never silently.
 */
public final class MetricDocs {
  /** Tests run in the module directory; docs/ is at the repository root. */
  public static final Path DIR = Path.of("../docs/metrics");
  private static final String HEADER = "| name | unit | type | kinds | description |";
  private static final String RULE = "|---|---|---|---|---|";

  private MetricDocs() {}

  public static void assertDocMatches(String page, List<MetricDef> declared) throws IOException {
    assertDocMatches(DIR.resolve(page), declared, Boolean.getBoolean("headroom.golden.update"));
  }

  static void assertDocMatches(Path file, List<MetricDef> declared, boolean update) throws IOException {
    List<String> lines = Files.readAllLines(file);
    if (update) {
      List<String> rewritten = withTable(lines, declared, file);
      Files.write(file, rewritten);
      fail("docs table " + (rewritten.equals(lines) ? "rewritten unchanged: " : "written: ") + file
          + "; review its diff (git diff) and run again without -Dheadroom.golden.update");
    }
    List<String> expected = new ArrayList<>();
    for (MetricDef m : declared) {
      expected.add(String.join(" | ", m.name(), m.unit(), m.type(), m.kindsText(), m.description()));
    }
    assertEquals(expected, tableRows(lines), "docs/metrics/" + file.getFileName()
        + " (the table is written from the declarations by a run with -Dheadroom.golden.update=true)");
  }

  /** One markdown row of a declaration, as the pages write it. */
  static String row(MetricDef m) {
    return "| " + String.join(" | ", m.name(), m.unit(), m.type(), m.kindsText(), m.description()) + " |";
  }

  /**
   * The page with its metrics table's body replaced by the declarations' rows; header, rule and
   * every line outside the table stay as written.
   */
  static List<String> withTable(List<String> lines, List<MetricDef> declared, Path file) {
    int header = lines.indexOf(HEADER);
    if (header < 0 || header + 1 >= lines.size() || !lines.get(header + 1).equals(RULE)) {
      throw new IllegalStateException(file + " has no metrics table (\"" + HEADER + "\" then \"" + RULE + "\")");
    }
    int end = header + 2;
    while (end < lines.size() && lines.get(end).startsWith("|")) {
      end++;
    }
    List<String> out = new ArrayList<>(lines.subList(0, header + 2));
    declared.forEach(m -> out.add(row(m)));
    out.addAll(lines.subList(end, lines.size()));
    return out;
  }

  /** The body rows of the markdown table, cells joined by " | ". */
  static List<String> tableRows(List<String> lines) {
    List<String> rows = new ArrayList<>();
    boolean inTable = false;
    for (String l : lines) {
      if (!l.startsWith("|")) {
        inTable = false;
        continue;
      }
      if (l.startsWith("|---") || l.startsWith("| name ")) {
        inTable = true;
        continue;
      }
      if (inTable) {
        String body = l.substring(1, l.lastIndexOf('|'));
        List<String> cells = new ArrayList<>();
        for (String c : body.split("\\|", -1)) {
          cells.add(c.trim());
        }
        rows.add(String.join(" | ", cells));
      }
    }
    return rows;
  }
}
