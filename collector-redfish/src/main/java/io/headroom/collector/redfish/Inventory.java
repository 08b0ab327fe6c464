package io.headroom.collector.redfish;

import io.headroom.model.Entity;
import io.headroom.model.Rel;
import io.headroom.model.Relation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one walk of a BMC's tree found: the entities and relations (sent with every scrape), what
 * is degraded or not offered, what could not be read, and what each scrape then polls.
 */
final class Inventory {
  final String host;
  final Map<String, Entity> entities = new LinkedHashMap<>();
  final List<Relation> relations = new ArrayList<>();
  final List<String> degraded = new ArrayList<>();
  final List<String> problems = new ArrayList<>();
  /** Socket entity id by the processor's path, for CPUAffinity links. */
  final Map<String, String> socketByPath = new LinkedHashMap<>();
  /** pcie_link entity id by the PCIe device's path. */
  final Map<String, String> linkByPath = new LinkedHashMap<>();
  /** pcie_link entity id by the slot ordinal of a full-size PCIe slot, for adapters named NIC.Slot.N. */
  final Map<Integer, String> linkBySlot = new LinkedHashMap<>();
  final List<UsageSensor> usage = new ArrayList<>();
  /** Per-core utilisation sensors whose mean is the server's util, where no usage sensor is offered. */
  final List<String> coreUtil = new ArrayList<>();
  /** ProcessorMetrics path by socket entity id. */
  final Map<String, String> socketMetrics = new LinkedHashMap<>();
  final List<PortPoll> ports = new ArrayList<>();
  /** The SSE endpoint with its filter, or null when telemetry is not offered or not wanted. */
  String streamUri;
  /** Units of the streamed usage metrics by MetricId ("%"), from MetricDefinitions. */
  final Map<String, String> telemetryUnits = new LinkedHashMap<>();

  Inventory(String host) {
    this.host = host;
  }

  String id(String suffix) {
    return host + "/" + suffix;
  }

  String cpuId() {
    return id("cpu");
  }

  void entity(Entity e) {
    entities.put(e.id(), e);
  }

  void relation(String from, Rel rel, String to) {
    relations.add(new Relation(from, rel, to));
  }

  /** A resource that failed: "GET https://bmc/redfish/v1/...: reason" (already names BMC and path). */
  void problem(BmcException e) {
    problems.add(e.getMessage());
  }
}
