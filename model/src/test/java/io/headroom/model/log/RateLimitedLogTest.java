package io.headroom.model.log;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.slf4j.event.EventRecordingLogger;
import org.slf4j.event.Level;
import org.slf4j.event.SubstituteLoggingEvent;
import org.slf4j.helpers.MessageFormatter;
import org.slf4j.helpers.SubstituteLogger;

class RateLimitedLogTest {
  private final Queue<SubstituteLoggingEvent> events = new ArrayDeque<>();
  private final AtomicLong now = new AtomicLong();
  private final RateLimitedLog log = new RateLimitedLog(
      new EventRecordingLogger(new SubstituteLogger("test", events, true), events), Duration.ofSeconds(60), now::get);

  private List<String> lines() {
    return events.stream().map(e -> MessageFormatter.basicArrayFormat(e.getMessage(), e.getArgumentArray())).toList();
  }

  private void advanceMillis(long ms) {
    now.addAndGet(Duration.ofMillis(ms).toNanos());
  }

  @Test
  void aConditionRepeatedEvery400msIsLoggedOncePerMinuteWithWhatWasHeldBack() {
    // 400 warnings 0.4 s apart span 0 .. 159.6 s: logged at 0, 60.0 and 120.0 s (every 150th);
    // 149 held back between the first and the second, 149 between the second and the third.
    for (int i = 0; i < 400; i++) {
      log.warn("full", "dropped segment {}", i);
      advanceMillis(400);
    }
    assertEquals(List.of("dropped segment 0",
        "dropped segment 150 (149 more like this since the last one logged)",
        "dropped segment 300 (149 more like this since the last one logged)"), lines());
  }

  @Test
  void theIntervalBoundaryLogsAgainAndConditionsAreKeptApart() {
    log.warn("full", "a");
    advanceMillis(59_999);
    log.warn("full", "b"); // 1 ms short of the interval: held back
    log.warn("corrupt", "c"); // another condition: logged
    advanceMillis(1);
    log.warn("full", "d"); // exactly 60 s after "a"
    assertEquals(List.of("a", "c", "d (1 more like this since the last one logged)"), lines());
  }

  @Test
  void aTrailingThrowableStaysTheException() {
    IllegalStateException boom = new IllegalStateException("boom");
    log.warn("x", "first {}", 1, boom);
    log.warn("x", "second {}", 2, boom);
    advanceMillis(60_000);
    log.warn("x", "third {}", 3, boom);
    assertEquals(List.of("first 1", "third 3 (1 more like this since the last one logged)"), lines());
    events.forEach(e -> assertSame(boom, e.getThrowable()));
  }

  @Test
  void errorsAreRateLimitedTheSameWayAtTheirLevel() {
    log.error("x", "e1");
    log.error("x", "e2");
    advanceMillis(60_000);
    log.error("x", "e3");
    assertEquals(List.of("e1", "e3 (1 more like this since the last one logged)"), lines());
    events.forEach(e -> assertEquals(Level.ERROR, e.getLevel()));
  }
}
