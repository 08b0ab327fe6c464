package io.headroom.collector.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.model.MetricDef;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** docs/metrics/fio.md lists exactly the metrics of {@link BenchMetrics}, field for field. */
class BenchMetricsDocTest {
  /** Tests run in the module directory; docs/ is at the repository root. */
  private static final Path DOC = Path.of("../docs/metrics/fio.md");

  @Test
  void docTableMatchesDeclarations() throws IOException {
    List<String> expected = new ArrayList<>();
    for (MetricDef m : BenchMetrics.ALL) {
      expected.add(String.join(" | ", m.name(), m.unit(), m.type(), m.kinds(), m.description()));
    }
    assertEquals(expected, tableRows(Files.readAllLines(DOC)));
  }

  @Test
  void everySampleNameTheSourcesWriteIsDeclared() throws IOException {
    // the importers name metrics by string; the fixtures' records must use declared names only
    List<String> declared = BenchMetrics.ALL.stream().map(MetricDef::name).toList();
    Records fio = new Records();
    FioJsonImporter.importFile(FioGoldenTest.DIR.resolve("two-jobs-jsonplus/input.json"),
        "h1", "r1", "lab", fio::add);
    Records vdb = VdbenchGoldenTest.load(VdbenchGoldenTest.DIR.resolve("block-two-runs"));
    for (Records r : List.of(fio, vdb)) {
      r.all().stream().filter(rec -> rec instanceof io.headroom.model.Sample)
          .map(rec -> ((io.headroom.model.Sample) rec).metric())
          .forEach(name -> assertEquals(true, declared.contains(name), name));
    }
  }

  /** The body rows of the markdown table, cells joined by " | ". */
  private static List<String> tableRows(List<String> lines) {
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
