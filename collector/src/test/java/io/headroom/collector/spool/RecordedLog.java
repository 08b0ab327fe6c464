package io.headroom.collector.spool;

import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.slf4j.Logger;
import org.slf4j.event.EventRecordingLogger;
import org.slf4j.event.Level;
import org.slf4j.event.SubstituteLoggingEvent;
import org.slf4j.helpers.MessageFormatter;
import org.slf4j.helpers.SubstituteLogger;

/** A logger that keeps what is logged to it (SLF4J's own recording logger), for a spool under test. */
final class RecordedLog {
  private final Queue<SubstituteLoggingEvent> events = new ConcurrentLinkedQueue<>();
  final Logger logger = new EventRecordingLogger(new SubstituteLogger("spool-under-test", events, true), events);

  /** The lines logged at {@code level}, formatted. */
  List<String> lines(Level level) {
    return events.stream().filter(e -> e.getLevel() == level)
        .map(e -> MessageFormatter.basicArrayFormat(e.getMessage(), e.getArgumentArray())).toList();
  }
}
