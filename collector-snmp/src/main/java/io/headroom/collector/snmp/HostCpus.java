package io.headroom.collector.snmp;

import io.headroom.collector.source.Scrape;
import io.headroom.model.Entity;
import java.util.List;
import java.util.Map;

/**
 * HOST-RESOURCES-MIB hrProcessorLoad: each processor's share of the last minute not idle, in
 * percent. The agent's CPUs are one entity of the kind its role says (an array controller's
 * {@code array_cpu}, a host's {@code host_cpu}, a switch's {@code switch_cpu}): {@code util} is
 * their mean, {@code cpu_util_max} the busiest one, as one saturated core can be the limit too.
 */
final class HostCpus {
  private HostCpus() {}

  static void emit(Scrape scrape, String host, SnmpSettings.Role role, IntTable processors) {
    List<Long> loads = processors.column(Oids.HR_PROCESSOR_LOAD).keySet().stream()
        .map(row -> processors.number(Oids.HR_PROCESSOR_LOAD, row)).filter(java.util.Objects::nonNull).toList();
    if (loads.isEmpty()) {
      return;
    }
    long percentSum = 0; // whole percents: summed exactly, divided once
    long percentMax = 0;
    for (long v : loads) {
      percentSum += v;
      percentMax = Math.max(percentMax, v);
    }
    String id = host + "/cpu";
    scrape.entity(new Entity(id, role.cpuKind, host + " CPUs", Map.of("cpus", loads.size()), Map.of("util", 1.0)));
    scrape.sample(id, SnmpMetrics.UTIL, percentSum / (100.0 * loads.size()));
    scrape.sample(id, SnmpMetrics.CPU_UTIL_MAX, percentMax / 100.0);
  }
}
