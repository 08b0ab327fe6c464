package io.headroom.app.alerts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.model.Bottleneck;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Verdict;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A run or phase with too few readings to be judged (no class, docs/detection.md) announces
 * nothing; the first class it gets is announced as a change from "not judged".
 */
class AlertEventsUnjudgedTest {
  private static final Instant AT = Instant.parse("2026-12-02T04:00:00Z");

  private static PhaseVerdict unjudged(String name) {
    return new PhaseVerdict(name, null, null, 0.0, "too_few_readings", List.of("not judged, too few readings"),
        List.of(), List.of(), null);
  }

  private static Verdict notJudged() {
    return new Verdict("r1", null, null, 0.0, List.of("not judged"), List.of(), List.of(unjudged("p1")));
  }

  @Test
  void aVerdictNotJudgedYetAnnouncesNothing() {
    assertEquals(List.of(), AlertEvents.of("lab", null, notJudged(), AT));
  }

  @Test
  void theFirstClassIsAChangeFromNotJudged() {
    PhaseVerdict disk = new PhaseVerdict("p1", Bottleneck.DISK, "h1/sda", 0.8);
    Verdict judged = new Verdict("r1", Bottleneck.DISK, "h1/sda", 0.8, List.of("sda at its spec"), List.of(), List.of(disk));
    List<AlertEvent> events = AlertEvents.of("lab", notJudged(), judged, AT);
    assertEquals(List.of(AlertEvent.Kind.VERDICT_CHANGED, AlertEvent.Kind.PHASE_CHANGED),
        events.stream().map(AlertEvent::kind).toList());
    assertEquals(List.of("not judged", "not judged"), events.stream().map(AlertEvent::previous).toList());
    assertEquals(List.of("DISK", "DISK"), events.stream().map(AlertEvent::bottleneck).toList());
  }
}
