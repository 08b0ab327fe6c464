package io.headroom.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.headroom.model.Phase;
import io.headroom.model.RecordingRecord;
import io.headroom.model.Run;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The run record moved to where the reading before the benchmark began; nothing else touched. */
class BaselineTest {
  @Test
  void aRunStartingLaterStartsAtTheBaselineAndNothingElseMoves() {
    Run run = new Run("r1", "lab", 100, 160.0, Map.of("tool", "fio"));
    Phase phase = new Phase("r1", "w", 100, 160.0);
    List<RecordingRecord> out = new ArrayList<>();
    var sink = Baseline.startingAt(95, out::add);
    sink.accept(run);
    sink.accept(phase);
    assertEquals(new Run("r1", "lab", 95, 160.0, Map.of("tool", "fio")), out.get(0));
    assertSame(phase, out.get(1), "the phase keeps its start: the 5 s before it are no phase");
    // a run already starting there or before keeps its own start
    assertSame(run, Baseline.startingAt(100, run));
    assertSame(run, Baseline.startingAt(120, run));
  }
}
