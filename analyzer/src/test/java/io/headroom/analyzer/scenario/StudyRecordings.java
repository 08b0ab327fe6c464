package io.headroom.analyzer.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.analyzer.analysis.RunAnalyzer;
import io.headroom.analyzer.data.RunData;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Verdict;
import io.headroom.model.recording.RecordingReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

/** The committed recordings under docs/scenarios/, read and analysed as `headroom analyze` would. */
final class StudyRecordings {
  /** Tests run in the analyzer module's directory. */
  static final Path DIR = Path.of("..", "docs", "scenarios");

  final RunData data = new RunData();
  final String run;
  final Verdict verdict;

  StudyRecordings(String file) {
    try {
      new RecordingReader(false).read(DIR.resolve(file), data::accept);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    run = RunAnalyzer.defaultRun(data);
    verdict = new RunAnalyzer().analyze(data, run);
  }

  PhaseVerdict phase(String name) {
    return verdict.phases().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
  }

  List<String> evidence(String name) {
    return phase(name).evidence();
  }

  /** The single evidence line that starts with the prefix (fails when none or several do). */
  String line(String phase, String prefix) {
    List<String> found = evidence(phase).stream().filter(l -> l.startsWith(prefix)).toList();
    assertEquals(1, found.size(), "lines starting with \"" + prefix + "\" in " + evidence(phase));
    return found.get(0);
  }
}
