package io.headroom.collector.host;

import io.headroom.model.Entity;
import io.headroom.model.Rel;
import io.headroom.model.Relation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What changes rarely on a host: its entities, relations, PCI tree, CPU-to-node map, and what is
 * degraded. Built by the collectors' discover step, reused by every scrape until the next
 * refresh (walking the PCI tree each second would cost more than everything else together).
 */
final class Topology {
  final Map<String, Entity> entities = new LinkedHashMap<>();
  final List<Relation> relations = new ArrayList<>();
  final List<String> degraded = new ArrayList<>();
  /** PCI devices by address ("0000:3b:00.0"). */
  final Map<String, PciDevice> pci = new TreeMap<>();
  /** CPU number to NUMA node (or package, on hosts without NUMA nodes in sysfs). */
  final Map<Integer, Integer> cpuNode = new HashMap<>();
  /** Entity id of a disk or port to the PCI address its I/O crosses first. */
  final Map<String, String> pciOf = new HashMap<>();
  int nodeCount;

  void entity(Entity e) {
    entities.put(e.id(), e);
  }

  void relation(String from, Rel rel, String to) {
    relations.add(new Relation(from, rel, to));
  }

  /** The socket entity id of a NUMA node, or null when the node is unknown. */
  static String socketId(String host, Integer node) {
    return node == null ? null : host + "/socket/" + node;
  }
}
