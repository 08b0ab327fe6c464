package io.headroom.collector.redfish;

import java.util.List;

/**
 * Where a port's counters are read each scrape.
 *
 * @param dell Dell's port metrics resources of the port's functions (DellNICPortMetrics,
 *     DellFCPortMetrics or DellInfiniBandPortMetrics; NPAR partitions are summed), empty when Dell gives none
 * @param portMetrics the DMTF PortMetrics of the port, read when Dell's are absent, or null
 * @param disabledFunctions the Ids of the port's functions whose NetDevFuncType is Disabled (to say
 *     why a port has no counters)
 */
record PortPoll(String entity, String fabric, List<String> dell, String portMetrics, List<String> disabledFunctions) {
  PortPoll {
    dell = List.copyOf(dell);
    disabledFunctions = List.copyOf(disabledFunctions);
  }

  boolean polled() {
    return !dell.isEmpty() || portMetrics != null;
  }

  /** The resources a scrape reads. */
  List<String> paths() {
    return dell.isEmpty() ? List.of(portMetrics) : dell;
  }
}
