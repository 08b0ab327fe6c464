package io.headroom.collector.redfish;

import java.util.List;

/**
 * Where a port's counters are read each scrape, and how they are decoded.
 *
 * @param paths the resources a scrape reads: the port metrics the BMC profile's OEM extension
 *     names on the port's functions (NPAR partitions are summed), else the port's DMTF PortMetrics;
 *     empty when there are neither
 * @param format how those resources are decoded ({@link BmcProfile.Oem#functionPortMetricsFormat()}
 *     for the OEM's, {@link BmcProfile.CounterFormat#PORT_METRICS} for the DMTF's)
 * @param disabledFunctions the Ids of the port's functions whose NetDevFuncType is Disabled (to say
 *     why a port has no counters)
 */
record PortPoll(String entity, String fabric, List<String> paths, BmcProfile.CounterFormat format,
    List<String> disabledFunctions) {
  PortPoll {
    paths = List.copyOf(paths);
    disabledFunctions = List.copyOf(disabledFunctions);
  }

  /** The OEM's port metrics of the port's functions, else its DMTF PortMetrics (either may be absent). */
  static PortPoll of(String entity, String fabric, List<String> oemMetrics, BmcProfile.CounterFormat oemFormat,
      String portMetrics, List<String> disabledFunctions) {
    if (!oemMetrics.isEmpty()) {
      return new PortPoll(entity, fabric, oemMetrics, oemFormat, disabledFunctions);
    }
    return new PortPoll(entity, fabric, portMetrics == null ? List.of() : List.of(portMetrics),
        BmcProfile.CounterFormat.PORT_METRICS, disabledFunctions);
  }

  boolean polled() {
    return !paths.isEmpty();
  }
}
