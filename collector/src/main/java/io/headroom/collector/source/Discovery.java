package io.headroom.collector.source;

import io.headroom.model.Entity;
import io.headroom.model.Relation;
import java.util.List;

/**
 * What {@code headroom discover} prints for one source: its entities with their ceilings, the
 * relations between them, what is degraded and what could not be read.
 *
 * @param degraded one line per finding, "ID: reason", e.g. "h1/pcie/0000:3b:00.0: trained Gen3
 *     x8, device capable of Gen4 x16" or "h1/pcie/0000:5e:00.0: no NUMA node (numa_node -1)":
 *     PCIe findings first, in address order, then devices served by another node's CPUs
 * @param problems files that could not be read, "FILE: reason"
 * @param notes how the source read what it found where a reading could be taken more than one way
 *     or a check could not be made, "ID: note", e.g. "ps1: cpu_unit fraction (default; ...)" or
 *     "sw1: no sysUpTime.0; counter discontinuities from snmpEngineTime.0"
 */
public record Discovery(List<Entity> entities, List<Relation> relations, List<String> degraded, List<String> problems,
    List<String> notes) {
  public Discovery {
    entities = List.copyOf(entities);
    relations = List.copyOf(relations);
    degraded = List.copyOf(degraded);
    problems = List.copyOf(problems);
    notes = List.copyOf(notes);
  }

  /** A discovery with nothing to note. */
  public Discovery(List<Entity> entities, List<Relation> relations, List<String> degraded, List<String> problems) {
    this(entities, relations, degraded, problems, List.of());
  }
}
