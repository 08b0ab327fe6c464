package io.headroom.collector.host;

/**
 * One area of the host (CPUs, PCIe, disks, ...). {@link #discover} reads what rarely changes
 * into the topology; {@link #collect} reads counters every scrape. Each runs isolated: an
 * exception costs that area for that scrape, never the others.
 */
interface Collector {
  String area();

  default void discover(HostContext ctx) throws Exception {}

  void collect(HostContext ctx) throws Exception;
}
