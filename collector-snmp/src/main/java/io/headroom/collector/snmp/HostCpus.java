package io.headroom.collector.snmp;

import io.headroom.collector.source.Scrape;
import io.headroom.model.Entity;
import java.util.Map;
import org.snmp4j.smi.Variable;

/**
 * HOST-RESOURCES-MIB hrProcessorLoad: each processor's share of the last minute not idle, in
 * percent. The agent's CPUs are one entity of the kind its role says (an array controller's
 * {@code array_cpu}, a host's {@code host_cpu}, a switch's {@code switch_cpu}): {@code util} is
 * their mean, {@code cpu_util_max} the busiest one, as one saturated core can be the limit too.
 */
final class HostCpus {
  private HostCpus() {}

  static void emit(Scrape scrape, String host, SnmpSettings.Role role, IntTable processors) {
    Map<Integer, Variable> loads = processors.column(Oids.HR_PROCESSOR_LOAD);
    if (loads.isEmpty()) {
      return;
    }
    long percentSum = 0; // whole percents: summed exactly, divided once
    int percentMax = 0;
    for (Variable v : loads.values()) {
      percentSum += v.toInt();
      percentMax = Math.max(percentMax, v.toInt());
    }
    String id = host + "/cpu";
    scrape.entity(new Entity(id, role.cpuKind, host + " CPUs", Map.of("cpus", loads.size()), Map.of("util", 1.0)));
    scrape.sample(id, SnmpMetrics.UTIL, percentSum / (100.0 * loads.size()));
    scrape.sample(id, SnmpMetrics.CPU_UTIL_MAX, percentMax / 100.0);
  }
}
