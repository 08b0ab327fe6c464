package io.headroom.model;

import java.util.Map;
import java.util.Objects;

/**
 * One resource with a ceiling: a CPU, a socket, a PCIe link, a port, a disk, a workload.
 *
 * @param kind one of {@link EntityKind}'s names, or a new one
 * @param attrs descriptive attributes (gen, width, numa_node, fabric, speed_bps, ...)
 * @param capacity ceiling per metric family, e.g. {@code bytes_per_s}, {@code iops}; per direction
 *     for links and ports
 */
public record Entity(
    String id, String kind, String name, Map<String, Object> attrs, Map<String, Double> capacity)
    implements RecordingRecord {
  public Entity {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(kind, "kind");
    name = name == null ? id : name;
    attrs = OrderedMaps.copy(attrs);
    capacity = OrderedMaps.copy(capacity);
  }

  public static Entity of(String id, String kind) {
    return new Entity(id, kind, id, Map.of(), Map.of());
  }

  @Override
  public String type() {
    return "entity";
  }
}
