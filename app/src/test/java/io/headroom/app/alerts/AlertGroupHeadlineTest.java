package io.headroom.app.alerts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.model.Bottleneck;
import io.headroom.model.HeadroomEntry;
import io.headroom.model.LimitGroup;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Verdict;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An alert's one line names what limits as the verdict's headline does: both array nodes full is
 * the array, not node-a, the group's first member (issue 27, LimitName); the entity stays the
 * event's key, so a receiver's deduplication does not change.
 */
class AlertGroupHeadlineTest {
  private static final Instant AT = Instant.parse("2026-12-02T04:00:00Z");

  @Test
  void bothNodesFullIsTheArrayInTheSummary() {
    // node-a util p95 0.964, node-b 0.957: both round to 96% of util 1.0
    List<HeadroomEntry> rows = List.of(new HeadroomEntry("s5/ps1200t/node-a", "array_cpu", 1.071, 0.964, "util", true),
        new HeadroomEntry("s5/ps1200t/node-b", "array_cpu", 1.063, 0.957, "util", true));
    LimitGroup nodes = new LimitGroup("array nodes on the path", 2, List.of("s5/ps1200t/node-a", "s5/ps1200t/node-b"));
    PhaseVerdict p = new PhaseVerdict("mixed", Bottleneck.ARRAY_CPU, "s5/ps1200t/node-a", 0.9, null,
        List.of("node-a util p95 0.96"), rows, List.of(), nodes);
    Verdict v = new Verdict("s5", Bottleneck.ARRAY_CPU, "s5/ps1200t/node-a", 0.9,
        List.of("[mixed] node-a util p95 0.96"), rows, List.of(p));
    List<AlertEvent> events = AlertEvents.of("lab", null, v, AT);
    assertEquals(List.of("run s5 on lab: bottleneck ARRAY_CPU on the array s5/ps1200t, both nodes at 96% (confidence 0.90), "
        + "was not judged", "run s5 phase mixed on lab: bottleneck ARRAY_CPU on the array s5/ps1200t, both nodes at 96% "
        + "(confidence 0.90), was not judged"), events.stream().map(AlertEvent::summary).toList());
    assertEquals("s5/ps1200t/node-a", events.get(0).entity());
  }

  @Test
  void oneNodeOfTwoFullIsThatNode() {
    // node-b at 0.62: the group is not whole, node-a alone limits and is named
    List<HeadroomEntry> rows = List.of(new HeadroomEntry("s5/ps1200t/node-a", "array_cpu", 1.071, 0.964, "util", true),
        new HeadroomEntry("s5/ps1200t/node-b", "array_cpu", 0.689, 0.62, "util", true));
    LimitGroup nodes = new LimitGroup("array nodes on the path", 1, List.of("s5/ps1200t/node-a", "s5/ps1200t/node-b"));
    PhaseVerdict p = new PhaseVerdict("mixed", Bottleneck.ARRAY_CPU, "s5/ps1200t/node-a", 0.9, null,
        List.of(), rows, List.of(), nodes);
    Verdict v = new Verdict("s5", Bottleneck.ARRAY_CPU, "s5/ps1200t/node-a", 0.9, List.of("[mixed] x"), rows, List.of(p));
    assertEquals("run s5 on lab: bottleneck ARRAY_CPU on s5/ps1200t/node-a (confidence 0.90), was not judged",
        AlertEvents.of("lab", null, v, AT).get(0).summary());
  }
}
