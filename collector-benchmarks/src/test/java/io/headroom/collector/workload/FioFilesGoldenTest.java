package io.headroom.collector.workload;

import io.headroom.model.recording.RecordingCodec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Golden cases of {@code import fio FILE [LOG...]} on real fio 3.33 output
 * (src/test/resources/workload/fio-files, README.md there): each case folder holds fio's files,
 * {@code files.txt} (the files given, one a line, as on the command line), {@code expected.jsonl}
 * (the records, recording v1, keys sorted) and {@code expected-notes.txt}. The figures in them
 * are worked out from the inputs in {@link FioLogImportTest}. -Dheadroom.regen=true rewrites the
 * expectations.
 */
class FioFilesGoldenTest {
  static final Path DIR = Path.of("src/test/resources/workload/fio-files");

  static Stream<String> cases() throws IOException {
    return Golden.cases(DIR);
  }

  @ParameterizedTest
  @MethodSource("cases")
  void importMatchesExpectation(String name) throws IOException {
    Path dir = DIR.resolve(name);
    List<Path> files = new ArrayList<>();
    for (String line : Files.readAllLines(dir.resolve("files.txt"))) {
      if (!line.isBlank()) {
        files.add(dir.resolve(line.trim()));
      }
    }
    Records r = new Records();
    List<String> notes = FioImport.importFiles(files, "h1", "r1", "lab", 1.8e9, r::add);
    List<String> lines = r.all().stream().map(rec -> Canonical.json(RecordingCodec.toNode(rec))).toList();
    String noteLines = notes.stream().map(n -> n.replace(dir + "/", "") + "\n").reduce("", String::concat);
    try {
      Golden.check(dir.resolve("expected.jsonl"), String.join("\n", lines) + "\n");
    } finally { // both files, also when regenerating (which fails at the first)
      Golden.check(dir.resolve("expected-notes.txt"), noteLines);
    }
  }
}
