package io.headroom.collector.redfish;

import java.util.List;

/**
 * Where a port's counters are read each scrape.
 *
 * @param dell Dell's port metrics resources of the port's functions (DellNICPortMetrics or
 *     DellFCPortMetrics; NPAR partitions are summed), empty when Dell gives none
 * @param portMetrics the DMTF PortMetrics of the port, read when Dell's are absent, or null
 */
record PortPoll(String entity, String fabric, List<String> dell, String portMetrics) {
  PortPoll {
    dell = List.copyOf(dell);
  }

  boolean polled() {
    return !dell.isEmpty() || portMetrics != null;
  }
}
