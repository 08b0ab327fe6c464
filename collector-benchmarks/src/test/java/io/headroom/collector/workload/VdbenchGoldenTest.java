package io.headroom.collector.workload;

import static org.junit.jupiter.api.Assertions.assertThrows;

import io.headroom.model.recording.RecordingCodec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Golden tests over the vdbench flatfile fixtures (src/test/resources/workload/vdbench, NOTE.md
 * there): flatfile.html, an optional date.txt ("2026-11-29 Europe/Berlin") for files with only a
 * tod column, and expected.jsonl or expected-error.txt. -Dheadroom.regen=true rewrites them.
 */
class VdbenchGoldenTest {
  static final Path DIR = Path.of("src/test/resources/workload/vdbench");

  static Stream<String> cases() throws IOException {
    return Golden.cases(DIR);
  }

  @ParameterizedTest
  @MethodSource("cases")
  void importMatchesExpectation(String name) throws IOException {
    Path dir = DIR.resolve(name);
    Path input = dir.resolve("flatfile.html");
    if (name.startsWith("error-")) {
      FioFormatException e = assertThrows(FioFormatException.class, () -> load(dir));
      Golden.check(dir.resolve("expected-error.txt"), e.getMessage().replace(input.toString(), "flatfile.html") + "\n");
    } else {
      List<String> lines = load(dir).all().stream()
          .map(rec -> Canonical.json(RecordingCodec.toNode(rec))).toList();
      Golden.check(dir.resolve("expected.jsonl"), String.join("\n", lines) + "\n");
    }
  }

  static Records load(Path dir) throws IOException {
    Records r = new Records();
    Path input = dir.resolve("flatfile.html");
    Path date = dir.resolve("date.txt");
    if (Files.exists(date)) {
      String[] d = Files.readString(date).trim().split(" ");
      VdbenchFlatfileImporter.importFile(input, "h1", "v1", "lab", LocalDate.parse(d[0]), ZoneId.of(d[1]), r::add);
    } else {
      VdbenchFlatfileImporter.importFile(input, "h1", "v1", "lab", r::add);
    }
    return r;
  }
}
