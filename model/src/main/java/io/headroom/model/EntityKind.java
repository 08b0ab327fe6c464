package io.headroom.model;

/** The entity kinds of design.md. Kinds are strings on the wire so new ones need no release. */
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

  private EntityKind() {}
}
