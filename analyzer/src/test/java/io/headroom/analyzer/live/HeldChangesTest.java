package io.headroom.analyzer.live;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.model.Bottleneck;
import io.headroom.model.Verdict;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A changed judgement is announced once it has held for the whole hold, not a round earlier. */
class HeldChangesTest {
  private static final Verdict DISK = new Verdict("r1", Bottleneck.DISK, "nvme0n1", 0.9, List.of(), List.of(), List.of());
  private static final Verdict DISK_AGAIN = new Verdict("r1", Bottleneck.DISK, "nvme0n1", 0.7, List.of("moved"),
      List.of(), List.of());
  private static final Verdict NONE = new Verdict("r1", Bottleneck.NONE, null, 0.6, List.of(), List.of(), List.of());

  @Test
  void aJudgementHeldForTheWholeHoldIsAnnouncedAndOneThatFlipsBackStartsAgain() {
    HeldChanges held = new HeldChanges(Duration.ofSeconds(5));
    assertFalse(held.heldLongEnough("r1", DISK, 100.0));
    assertFalse(held.heldLongEnough("r1", DISK_AGAIN, 104.9), "same class and entity: the wait goes on, 4.9 s");
    assertTrue(held.heldLongEnough("r1", DISK, 105.0), "5 s: held");
    assertFalse(held.heldLongEnough("r1", NONE, 105.5), "a different judgement starts its own wait");
    assertFalse(held.heldLongEnough("r1", DISK, 110.0), "DISK again after NONE waits from 110 s, not from 100 s");
    assertFalse(held.heldLongEnough("r1", DISK, 114.9));
    assertTrue(held.heldLongEnough("r1", DISK, 115.0));
    held.settled("r1");
    assertFalse(held.heldLongEnough("r1", DISK, 200.0), "settled: a later change waits anew");
  }

  @Test
  void noHoldAnnouncesAtOnce() {
    assertTrue(new HeldChanges(Duration.ZERO).heldLongEnough("r1", DISK, 100.0));
  }
}
