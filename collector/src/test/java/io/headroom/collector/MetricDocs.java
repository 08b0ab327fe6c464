package io.headroom.collector;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.model.MetricDef;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks a docs/metrics page against the declarations: its table (| name | unit | type | kinds |
 * description |) must list exactly the declared metrics, field for field, in order.
 */
public final class MetricDocs {
  /** Tests run in the module directory; docs/ is at the repository root. */
  public static final Path DIR = Path.of("../docs/metrics");

  private MetricDocs() {}

  public static void assertDocMatches(String page, List<MetricDef> declared) throws IOException {
    List<String> expected = new ArrayList<>();
    for (MetricDef m : declared) {
      expected.add(String.join(" | ", m.name(), m.unit(), m.type(), m.kindsText(), m.description()));
    }
    assertEquals(expected, tableRows(Files.readAllLines(DIR.resolve(page))), "docs/metrics/" + page);
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
