package io.headroom.collector.powerstore;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.headroom.model.Entity;
import io.headroom.model.Relation;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The array's parts as the REST API lists them, in the cases the S5 golden array does not have:
 * a speed the API does not name, no slot, no LLDP neighbour, affinities naming no node.
 */
class TopologyTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final Topology topo = new Topology("ps1");

  private static JsonNode json(String s) throws Exception {
    return JSON.readTree(s);
  }

  private Entity entity(String id) {
    return topo.entities.stream().filter(e -> e.id().equals(id)).findFirst().orElseThrow();
  }

  private List<String> seriesEntities() {
    return topo.series.stream().map(Topology.Series::entity).toList();
  }

  @Test
  void anUpPortAtAutoHasNoCeilingAndSaysSoButIsStillRead() throws Exception {
    topo.port(json("{\"id\":\"p1\",\"name\":\"FEPort1\",\"current_speed\":\"Auto\",\"is_link_up\":true}"), false);
    Entity e = entity("ps1/port/FEPort1");
    assertEquals(Map.of(), e.capacity());
    assertEquals(Map.of("fabric", "ethernet"), e.attrs());
    assertEquals(List.of("ps1/port/FEPort1: speed \"Auto\" unknown: no ceiling"), topo.degraded);
    assertEquals(List.of(new Topology.Series("performance_metrics_by_fe_eth_port", "p1", "ps1/port/FEPort1",
        Topology.Kind.ETH_PORT)), topo.series);
  }

  @Test
  void aDownPortIsOnlyLinkDownAndNotRead() throws Exception {
    // no current_speed and is_link_up absent (down): one note, not also "speed unknown"
    topo.port(json("{\"id\":\"p2\",\"name\":\"FEPort2\",\"wwn\":\"58:cc\"}"), true);
    assertEquals(List.of("ps1/port/FEPort2: link down"), topo.degraded);
    assertEquals("FC FEPort2", entity("ps1/port/FEPort2").name());
    assertEquals(Map.of("fabric", "fc", "wwn", "58:cc"), entity("ps1/port/FEPort2").attrs());
    assertEquals(List.of(), topo.series);
  }

  @Test
  void aNeighbourWithoutItsPortNameIsNoCabling() throws Exception {
    topo.port(json("{\"id\":\"p3\",\"name\":\"FEPort3\",\"current_speed\":\"10_Gbps\",\"is_link_up\":true,"
        + "\"l2_discovery_details\":{\"remote_name\":\"sw1\"}}"), false);
    topo.port(json("{\"id\":\"p4\",\"name\":\"FEPort4\",\"current_speed\":\"10_Gbps\",\"is_link_up\":true,"
        + "\"l2_discovery_details\":{\"remote_port_name\":\"ethernet1/1/8\"}}"), false);
    assertEquals(List.of(), topo.relations);
    assertEquals(Map.of("bytes_per_s", 1.25e9), entity("ps1/port/FEPort3").capacity()); // 10e9 / 8
    assertEquals(List.of("ps1/port/FEPort3", "ps1/port/FEPort4"), seriesEntities());
  }

  @Test
  void namesFallBackToIdsAndANodeWithoutASlotServesNoVolume() throws Exception {
    topo.appliance(json("{\"id\":\"A1\"}"));
    topo.node(json("{\"id\":\"N9\",\"appliance_id\":\"A1\",\"slot\":\"0\"}")); // slot as text: not a slot
    assertEquals("A1", entity("ps1/appliance/A1").name());
    assertEquals("node N9", entity("ps1/node/N9").name());
    assertEquals(Map.of("appliance", "A1"), entity("ps1/node/N9").attrs());
    topo.volume(json("{\"id\":\"v1\",\"appliance_id\":\"A1\",\"node_affinity\":\"System_Selected_Node_A\"}"), List.of("h1"));
    assertEquals(List.of(), topo.relations);
    assertEquals(List.of("ps1/volume/v1: node_affinity \"System_Selected_Node_A\" names no node of appliance A1: "
        + "not related to a node"), topo.degraded);
  }

  @Test
  void slotZeroIsNodeAAndSlotOneNodeBOfTheVolumesOwnAppliance() throws Exception {
    topo.node(json("{\"id\":\"N1\",\"appliance_id\":\"A1\",\"slot\":0}"));
    topo.node(json("{\"id\":\"N2\",\"appliance_id\":\"A1\",\"slot\":1}"));
    topo.node(json("{\"id\":\"N3\",\"appliance_id\":\"A2\",\"slot\":1}"));
    topo.volume(json("{\"id\":\"v1\",\"name\":\"a\",\"appliance_id\":\"A1\",\"node_affinity\":\"Preferred_Node_A\"}"), List.of());
    topo.volume(json("{\"id\":\"v2\",\"name\":\"b\",\"appliance_id\":\"A2\",\"node_affinity\":\"System_Selected_Node_B\"}"),
        List.of("h1", "h2"));
    topo.volume(json("{\"id\":\"v3\",\"name\":\"c\",\"appliance_id\":\"A2\",\"size\":\"big\"}"), List.of("h1"));
    assertEquals(List.of(new Relation("ps1/volume/a", "served_by", "ps1/node/N1"),
        new Relation("ps1/volume/b", "served_by", "ps1/node/N3")), topo.relations);
    assertEquals(Map.of("node_affinity", "System_Selected_Node_B", "mapped_hosts", "h1,h2"), entity("ps1/volume/b").attrs());
    // no affinity (never attached) and a size that is not a number: no size, a note, still read
    assertEquals(Map.of("node_affinity", "", "mapped_hosts", "h1"), entity("ps1/volume/c").attrs());
    assertEquals(List.of("ps1/volume/c: node_affinity \"\" names no node of appliance A2: not related to a node"),
        topo.degraded);
    assertEquals(List.of("ps1/node/N1", "ps1/node/N2", "ps1/node/N3", "ps1/volume/a", "ps1/volume/b", "ps1/volume/c"),
        seriesEntities());
  }
}
