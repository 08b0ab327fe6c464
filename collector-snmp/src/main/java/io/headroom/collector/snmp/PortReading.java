package io.headroom.collector.snmp;

import io.headroom.model.Entity;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * One port as read in one scrape: its entity (ceiling included) and its counters.
 *
 * @param discontinuity the port's ifCounterDiscontinuityTime, or null where the agent has none
 */
record PortReading(Entity entity, Map<PortCounter, Count> counts, Long discontinuity) {
  PortReading {
    counts = counts.isEmpty() ? Map.of() : Collections.unmodifiableMap(new EnumMap<>(counts));
  }

  String id() {
    return entity.id();
  }

  /** The port's ceiling per direction in bytes/s, or 0 where unknown. */
  double ceiling() {
    Double c = entity.capacity().get("bytes_per_s");
    return c == null ? 0 : c;
  }
}
