package io.headroom.collector.workload;

import static org.junit.jupiter.api.Assertions.assertThrows;

import io.headroom.model.recording.RecordingCodec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Golden tests over captured fio outputs (src/test/resources/workload/fio, see NOTE.md there): each
 * case folder holds input.json and either expected.jsonl (the records, recording v1) or
 * expected-error.txt (the message, with the file's path written as "input.json"). Run with
 * -Dheadroom.regen=true to rewrite the expectations after a deliberate change, then review the diff.
 */
class FioGoldenTest {
  static final Path DIR = Path.of("src/test/resources/workload/fio");

  static Stream<String> cases() throws IOException {
    return Golden.cases(DIR);
  }

  @ParameterizedTest
  @MethodSource("cases")
  void importMatchesExpectation(String name) throws IOException {
    Path dir = DIR.resolve(name);
    Path input = dir.resolve("input.json");
    if (name.startsWith("error-")) {
      FioFormatException e = assertThrows(FioFormatException.class, () -> importLines(input));
      String message = e.getMessage().replace(input.toString(), "input.json");
      Golden.check(dir.resolve("expected-error.txt"), message + "\n");
    } else {
      Golden.check(dir.resolve("expected.jsonl"), String.join("\n", importLines(input)) + "\n");
    }
  }

  static List<String> importLines(Path input) throws IOException {
    Records r = new Records();
    FioJsonImporter.importFile(input, "h1", "r1", "lab", r::add);
    return r.all().stream().map(rec -> Canonical.json(RecordingCodec.toNode(rec))).toList();
  }
}
