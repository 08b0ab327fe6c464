package io.headroom.model.recording;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.headroom.model.RecordingRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** One folder per case under src/test/resources/recording (see its README.md). */
class RecordingReaderGoldenTest {
  static final Path CASES = Path.of("src/test/resources/recording");

  static Stream<Path> cases() throws Exception {
    return Files.list(CASES).filter(Files::isDirectory).sorted();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void readsAsExpected(Path dir) throws Exception {
    Path input = dir.resolve("input.jsonl");
    boolean lenient = Files.exists(dir.resolve("options"))
        && Files.readString(dir.resolve("options")).trim().equals("lenient");
    RecordingReader reader = new RecordingReader(lenient);
    List<RecordingRecord> records = new ArrayList<>();
    if (Files.exists(dir.resolve("expected-error"))) {
      RecordingFormatException e = assertThrows(RecordingFormatException.class, () -> reader.read(input, records::add));
      assertEquals(Files.readString(dir.resolve("expected-error")).trim().replace("FILE", input.toString()), e.getMessage());
      return;
    }
    ReadStats stats = reader.read(input, records::add);
    List<String> encoded = records.stream().map(RecordingCodec::toJson).toList();
    assertEquals(Files.readAllLines(dir.resolve("expected.jsonl")), encoded);
    assertEquals(Files.readString(dir.resolve("expected-stats")).trim(),
        stats.records() + " " + stats.badLines() + " " + stats.unknownLines());
    if (Files.exists(dir.resolve("expected-problems"))) {
      assertEquals(Files.readAllLines(dir.resolve("expected-problems")).stream()
          .map(l -> l.replace("FILE", input.toString())).toList(), stats.firstProblems());
    }
  }
}
