package io.headroom.model;

import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The entity kinds of design.md. Kinds are strings on the wire, and a recording may carry a kind
 * this release does not know; what Headroom itself emits and declares is one of {@link #ALL}.
 */
public final class EntityKind {
  public static final String HOST_CPU = "host_cpu";
  public static final String CPU_SOCKET = "cpu_socket";
  public static final String ARRAY_CPU = "array_cpu";
  public static final String PCIE_LINK = "pcie_link";
  public static final String NET_PORT = "net_port";
  public static final String DISK = "disk";
  public static final String WORKLOAD = "workload";
  /** A collector's own source: its scrape duration and success. */
  public static final String COLLECTOR = "collector";
  /** One logical CPU of a host (the host source's per-CPU entities). */
  public static final String CPU = "cpu";
  /** A Linux cgroup watched for its CPU and block I/O (host source). */
  public static final String CGROUP = "cgroup";
  /** A switch's or appliance's own CPU, read over SNMP (HOST-RESOURCES-MIB). */
  public static final String SWITCH_CPU = "switch_cpu";
  /** A storage appliance of two nodes (PowerStore); not array_cpu, so the ARRAY_CPU rule judges nodes, not their mean. */
  public static final String ARRAY_APPLIANCE = "array_appliance";

  /** Every kind Headroom emits; a metric declaration may name only these. */
  public static final List<String> ALL =
      List.of(HOST_CPU, CPU_SOCKET, ARRAY_CPU, PCIE_LINK, NET_PORT, DISK, WORKLOAD, COLLECTOR, CPU, CGROUP, SWITCH_CPU,
          ARRAY_APPLIANCE);

  private EntityKind() {}

  /**
   * The kinds given, in the order given (docs list them so), as an unmodifiable set.
   *
   * @throws IllegalArgumentException for a kind not in {@link #ALL}, a repeated one, or none
   */
  public static Set<String> set(String... kinds) {
    if (kinds.length == 0) {
      throw new IllegalArgumentException("no entity kind given");
    }
    Set<String> out = new LinkedHashSet<>();
    for (String k : kinds) {
      if (!ALL.contains(k)) {
        throw new IllegalArgumentException("not an entity kind (EntityKind.ALL): " + k);
      }
      if (!out.add(k)) {
        throw new IllegalArgumentException("entity kind given twice: " + k);
      }
    }
    return Collections.unmodifiableSet(out);
  }
}
