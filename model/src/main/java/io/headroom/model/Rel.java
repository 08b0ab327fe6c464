package io.headroom.model;

import java.util.Optional;

/**
 * The relation names of design.md ("from rel to"). On the wire and in the database a relation's
 * name stays a string ({@link Relation#rel()}), so a recording may carry one this release does not
 * know; what Headroom itself emits goes through these constants.
 */
public enum Rel {
  /** disk -> pcie_link, pcie_link -> pcie_link, LUN -> volume, bond or team -> member port: I/O crosses it. */
  BEHIND("behind"),
  /** pcie_link, net_port, cpu or cgroup -> cpu_socket or host_cpu: attached to, part of. */
  ON("on"),
  /** workload -> cpu_socket or host_cpu: the benchmark's threads run there. */
  RUNS_ON("runs_on"),
  /** workload -> disk: what the benchmark reads and writes. */
  TARGETS("targets"),
  /** workload -> net_port: the data path crosses that port. */
  VIA("via"),
  /** net_port -> net_port: the two ends of one link. */
  CABLED_TO("cabled_to"),
  /** disk or volume -> array_cpu: a remote volume served by that array node. */
  SERVED_BY("served_by");

  private final String wire;

  Rel(String wire) {
    this.wire = wire;
  }

  /** The name in recordings, Kafka records and the database. */
  public String wire() {
    return wire;
  }

  /** The relation a wire name stands for; empty for a name this release does not know. */
  public static Optional<Rel> of(String wire) {
    for (Rel r : values()) {
      if (r.wire.equals(wire)) {
        return Optional.of(r);
      }
    }
    return Optional.empty();
  }

  @Override
  public String toString() {
    return wire;
  }
}
