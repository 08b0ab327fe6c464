package io.headroom.collector.powerstore;

import com.fasterxml.jackson.databind.JsonNode;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import io.headroom.model.Rel;
import io.headroom.model.Relation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the array is made of, as Headroom's model says it (design.md): each node an
 * {@code array_cpu}, each appliance an {@code array_appliance}, each front-end FC and Ethernet
 * port a {@code net_port} (cabled_to the switch port its LLDP neighbour names, where the array
 * reports one), and each volume mapped to a host a {@code disk} served_by the node its
 * node_affinity names. Also the series to ask metrics/generate for.
 */
final class Topology {
  /** One series to read: the metrics entity name, the array's id, our entity id, what it is. */
  record Series(String metricsEntity, String arrayId, String entity, Kind kind) {}

  enum Kind { NODE, APPLIANCE, FC_PORT, ETH_PORT, VOLUME }

  final List<Entity> entities = new ArrayList<>();
  final List<Relation> relations = new ArrayList<>();
  final List<String> degraded = new ArrayList<>();
  final List<Series> series = new ArrayList<>();
  private final String host;
  /** appliance id + "/" + slot -> our node entity id, for node_affinity. */
  private final Map<String, String> nodeBySlot = new TreeMap<>();

  Topology(String host) {
    this.host = host;
  }

  void appliance(JsonNode a) {
    String id = a.path("id").asText();
    String entity = host + "/appliance/" + id;
    Map<String, Object> attrs = new LinkedHashMap<>();
    putText(attrs, "model", a.path("model"));
    entities.add(new Entity(entity, PowerStoreMetrics.APPLIANCE, a.path("name").asText(id), attrs, Map.of()));
    series.add(new Series("performance_metrics_by_appliance", id, entity, Kind.APPLIANCE));
  }

  void node(JsonNode n) {
    String id = n.path("id").asText();
    String entity = host + "/node/" + id;
    Map<String, Object> attrs = new LinkedHashMap<>();
    putText(attrs, "appliance", n.path("appliance_id"));
    if (n.path("slot").isIntegralNumber()) {
      attrs.put("slot", n.get("slot").asInt());
      nodeBySlot.put(n.path("appliance_id").asText() + "/" + n.get("slot").asInt(), entity);
    }
    entities.add(new Entity(entity, EntityKind.ARRAY_CPU, n.path("name").asText("node " + id), attrs, Map.of()));
    series.add(new Series("performance_metrics_by_node", id, entity, Kind.NODE));
  }

  void port(JsonNode p, boolean fc) {
    String id = p.path("id").asText();
    String entity = host + "/port/" + p.path("name").asText(id);
    Map<String, Object> attrs = new LinkedHashMap<>();
    attrs.put("fabric", fc ? "fc" : "ethernet");
    Map<String, Double> capacity = new LinkedHashMap<>();
    double bps = PortSpeeds.bitsPerSecond(p.path("current_speed").asText(null));
    boolean up = p.path("is_link_up").asBoolean(false);
    if (!Double.isNaN(bps)) {
      attrs.put("speed_bps", bps);
      capacity.put("bytes_per_s", PortSpeeds.ceiling(fc, bps));
    } else if (up) {
      degraded.add(entity + ": speed \"" + p.path("current_speed").asText("") + "\" unknown: no ceiling");
    }
    putText(attrs, "node_hardware_id", p.path("node_id"));
    putText(attrs, fc ? "wwn" : "mac", p.path(fc ? "wwn" : "mac_address"));
    entities.add(new Entity(entity, EntityKind.NET_PORT, (fc ? "FC " : "Ethernet ") + p.path("name").asText(id), attrs,
        capacity));
    if (!up) {
      degraded.add(entity + ": link down");
      return;
    }
    cabling(entity, p.path("l2_discovery_details"));
    series.add(new Series(fc ? "performance_metrics_by_fe_fc_port" : "performance_metrics_by_fe_eth_port", id, entity,
        fc ? Kind.FC_PORT : Kind.ETH_PORT));
  }

  /** The switch port the array's LLDP neighbour names, as the switch's source would name it. */
  private void cabling(String entity, JsonNode l2) {
    String sw = l2.path("remote_name").asText("");
    String port = l2.path("remote_port_name").asText("");
    if (!sw.isEmpty() && !port.isEmpty()) {
      relations.add(new Relation(entity, Rel.CABLED_TO, sw + "/port/" + port));
    }
  }

  /** A volume mapped to these hosts (names), served by the node its node_affinity names. */
  void volume(JsonNode v, List<String> hosts) {
    String id = v.path("id").asText();
    String entity = host + "/volume/" + v.path("name").asText(id);
    Map<String, Object> attrs = new LinkedHashMap<>();
    putText(attrs, "wwn", v.path("wwn"));
    if (v.path("size").isNumber()) {
      attrs.put("size_bytes", v.get("size").asDouble());
    }
    String affinity = v.path("node_affinity").asText("");
    attrs.put("node_affinity", affinity);
    attrs.put("mapped_hosts", String.join(",", hosts));
    entities.add(new Entity(entity, EntityKind.DISK, v.path("name").asText(id), attrs, Map.of()));
    String node = servingNode(v.path("appliance_id").asText(), affinity);
    if (node != null) {
      relations.add(new Relation(entity, Rel.SERVED_BY, node));
    } else {
      degraded.add(entity + ": node_affinity \"" + affinity + "\" names no node of appliance "
          + v.path("appliance_id").asText("?") + ": not related to a node");
    }
    series.add(new Series("performance_metrics_by_volume", id, entity, Kind.VOLUME));
  }

  /**
   * The node a volume's I/O is optimised through: node_affinity System_Selected_Node_A or
   * Preferred_Node_A is the appliance's node in slot 0, ..._B slot 1; System_Select_At_Attach
   * (never attached) none.
   */
  private String servingNode(String appliance, String affinity) {
    if (affinity.endsWith("Node_A")) {
      return nodeBySlot.get(appliance + "/0");
    }
    if (affinity.endsWith("Node_B")) {
      return nodeBySlot.get(appliance + "/1");
    }
    return null;
  }

  private static void putText(Map<String, Object> attrs, String key, JsonNode v) {
    if (v != null && v.isTextual() && !v.asText().isEmpty()) {
      attrs.put(key, v.asText());
    }
  }
}
