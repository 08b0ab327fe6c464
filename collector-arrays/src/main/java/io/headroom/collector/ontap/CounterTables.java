package io.headroom.collector.ontap;

import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import io.headroom.model.MetricDef;
import io.headroom.model.Rel;
import io.headroom.model.Relation;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The counter tables the source reads and what each row becomes (table and counter names as in
 * ONTAP's counter manager, read from NetApp Harvest's REST templates and test data): the entity of
 * a row, its relation, and which counters make which metric. A metric of several counters is their
 * sum (errors received plus sent).
 */
final class CounterTables {
  /** A metric from counters of a row; {@code factor} on top of the unit's conversion. */
  record MetricSpec(MetricDef metric, List<String> counters, double factor) {
    MetricSpec(MetricDef metric, String... counters) {
      this(metric, List.of(counters), 1.0);
    }
  }

  /** What a row of one table is. */
  interface RowEntity {
    /** The entity of the row, named under the source's host. */
    Entity entity(String host, CounterRow row);

    /** Its relations to other entities (a volume served_by its node, a LUN behind its volume). */
    default List<Relation> relations(String host, CounterRow row) {
      return List.of();
    }
  }

  record Table(String name, RowEntity rows, List<MetricSpec> metrics) {}

  static final Table SYSTEM_NODE = new Table("system:node", CounterTables::node,
      List.of(new MetricSpec(OntapMetrics.UTIL, "cpu_busy")));

  /**
   * headroom_cpu: ONTAP's own view of a node's CPU headroom. optimal_point.utilization is read as
   * percent like current_utilization beside it (the counter manager gives it unit "none").
   */
  static final Table HEADROOM_CPU = new Table("headroom_cpu", CounterTables::node, List.of(
      new MetricSpec(OntapMetrics.HEADROOM_UTIL, "current_utilization"),
      new MetricSpec(OntapMetrics.HEADROOM_OPS, "current_ops"),
      new MetricSpec(OntapMetrics.HEADROOM_LATENCY, "current_latency"),
      new MetricSpec(OntapMetrics.OPTIMAL_UTIL, List.of("optimal_point.utilization"), 0.01),
      new MetricSpec(OntapMetrics.OPTIMAL_OPS, "optimal_point.ops"),
      new MetricSpec(OntapMetrics.OPTIMAL_LATENCY, "optimal_point.latency")));

  static final Table VOLUME = new Table("volume", new RowEntity() {
    @Override
    public Entity entity(String host, CounterRow r) {
      return new Entity(volumeId(host, r), EntityKind.DISK, r.property("name", r.id()), attrs("svm", r.property("svm.name", null),
          "aggregate", r.property("parent_aggregate", null)), Map.of());
    }

    @Override
    public List<Relation> relations(String host, CounterRow r) {
      String node = r.property("node.name", null);
      return node == null ? List.of() : List.of(new Relation(volumeId(host, r), Rel.SERVED_BY, nodeId(host, node)));
    }
  }, List.of(
      new MetricSpec(OntapMetrics.READ_IOPS, "total_read_ops"),
      new MetricSpec(OntapMetrics.WRITE_IOPS, "total_write_ops"),
      new MetricSpec(OntapMetrics.READ_BYTES, "bytes_read"),
      new MetricSpec(OntapMetrics.WRITE_BYTES, "bytes_written"),
      new MetricSpec(OntapMetrics.READ_LATENCY, "read_latency"),
      new MetricSpec(OntapMetrics.WRITE_LATENCY, "write_latency")));

  /** A LUN lives in a volume (/vol/VOLUME/LUN): behind it, so a benchmark's LUN reaches the volume's node. */
  static final Table LUN = new Table("lun", new RowEntity() {
    @Override
    public Entity entity(String host, CounterRow r) {
      return new Entity(host + "/lun/" + lunPath(r), EntityKind.DISK, lunPath(r), attrs("svm", r.property("svm.name", null)),
          Map.of());
    }

    @Override
    public List<Relation> relations(String host, CounterRow r) {
      String[] parts = lunPath(r).split("/");
      String svm = r.property("svm.name", null);
      return parts.length == 3 && parts[0].equals("vol") && svm != null
          ? List.of(new Relation(host + "/lun/" + lunPath(r), Rel.BEHIND, host + "/volume/" + svm + "/" + parts[1]))
          : List.of();
    }
  }, List.of(
      new MetricSpec(OntapMetrics.READ_IOPS, "read_ops"),
      new MetricSpec(OntapMetrics.WRITE_IOPS, "write_ops"),
      new MetricSpec(OntapMetrics.READ_BYTES, "read_data"),
      new MetricSpec(OntapMetrics.WRITE_BYTES, "write_data"),
      new MetricSpec(OntapMetrics.READ_LATENCY, "average_read_latency"),
      new MetricSpec(OntapMetrics.WRITE_LATENCY, "average_write_latency")));

  static final Table LIF = new Table("lif", (host, r) -> new Entity(
      host + "/lif/" + r.property("svm.name", "-") + "/" + r.property("name", r.id()), EntityKind.NET_PORT,
      "LIF " + r.property("name", r.id()), attrs("logical", "true", "node", r.property("node.name", null),
          "current_port", r.property("current_port", null)), Map.of()), List.of(
      new MetricSpec(OntapMetrics.RX, "received_data"),
      new MetricSpec(OntapMetrics.TX, "sent_data"),
      new MetricSpec(OntapMetrics.ERRORS, "received_errors", "sent_errors")));

  static final Table NIC = new Table("nic_common", (host, r) -> port(host, r, "ethernet", "link_speed"), List.of(
      new MetricSpec(OntapMetrics.RX, "receive_bytes"),
      new MetricSpec(OntapMetrics.TX, "transmit_bytes"),
      new MetricSpec(OntapMetrics.ERRORS, "receive_total_errors", "transmit_total_errors")));

  /** FC target ports: a host's read leaves through the port (tx), a write comes in (rx). */
  static final Table FCP = new Table("fcp", (host, r) -> port(host, r, "fc", "link.speed"), List.of(
      new MetricSpec(OntapMetrics.RX, "write_data"),
      new MetricSpec(OntapMetrics.TX, "read_data"),
      new MetricSpec(OntapMetrics.ERRORS, "invalid.crc"),
      new MetricSpec(OntapMetrics.DISCARDS, "discarded_frames_count")));

  static final List<Table> ALL = List.of(SYSTEM_NODE, HEADROOM_CPU, VOLUME, LUN, LIF, NIC, FCP);
  static final List<String> NAMES = ALL.stream().map(Table::name).toList();

  private CounterTables() {}

  private static String volumeId(String host, CounterRow r) {
    return host + "/volume/" + r.property("svm.name", "-") + "/" + r.property("name", r.id());
  }

  static String nodeId(String host, String node) {
    return host + "/node/" + node;
  }

  private static Entity node(String host, CounterRow r) {
    String name = r.property("node.name", r.id());
    return new Entity(nodeId(host, name), EntityKind.ARRAY_CPU, name, Map.of(), Map.of());
  }

  /**
   * A physical port. The counter table's link speed is kept as ONTAP writes it (its format there is
   * not published); the ceiling comes from the network API's speed ({@link NetworkPorts}).
   */
  private static Entity port(String host, CounterRow r, String fabric, String speedProperty) {
    String node = r.property("node.name", "-");
    // a row without a name property is known by its id, "NODE:PORT"
    String name = r.property("name", r.id().startsWith(node + ":") ? r.id().substring(node.length() + 1) : r.id());
    return new Entity(host + "/port/" + node + "/" + name, EntityKind.NET_PORT, fabric + " " + node + " " + name,
        attrs("fabric", fabric, "node", node, "link_speed", r.property(speedProperty, null)), Map.of());
  }

  /** The LUN's path from its row id ("/vol/vol1/lun1:uuid"), or its name. */
  private static String lunPath(CounterRow r) {
    String id = r.property("name", r.id());
    int colon = id.lastIndexOf(':');
    String path = colon > 0 ? id.substring(0, colon) : id;
    return path.startsWith("/") ? path.substring(1) : path;
  }

  private static Map<String, Object> attrs(String... kv) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      if (kv[i + 1] != null) {
        m.put(kv[i], kv[i + 1]);
      }
    }
    return m;
  }
}
