package io.headroom.collector.ontap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import io.headroom.model.Relation;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Counter rows and schemas as ONTAP's REST API returns them, and the entity and relations each table's row becomes. */
class CounterTablesTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** A row with {@code props} as name, value pairs and no counters. */
  private static CounterRow row(String id, String... props) {
    Map<String, String> p = new LinkedHashMap<>();
    for (int i = 0; i < props.length; i += 2) {
      p.put(props[i], props[i + 1]);
    }
    return new CounterRow(id, p, Map.of(), true);
  }

  @Test
  void aRowKeepsStringPropertiesAndNumericCountersOnly() throws Exception {
    CounterRow r = CounterRow.parse(JSON.readTree("""
        {"id": "cl1-01:vol1", "aggregation": {"count": 2, "complete": false},
         "properties": [{"name": "name", "value": "vol1"}, {"name": "svm.name", "value": ""}],
         "counters": [{"name": "total_read_ops", "value": 1200},
                      {"name": "read_latency", "value": 3.5e6},
                      {"name": "read_latency_histogram", "values": [1, 2, 3]},
                      {"name": "state", "value": "online"}]}"""));
    assertEquals("cl1-01:vol1", r.id());
    assertEquals(Map.of("total_read_ops", 1200.0, "read_latency", 3.5e6), r.counters());
    assertFalse(r.complete());
    assertEquals("vol1", r.property("name", "x"));
    assertEquals("x", r.property("svm.name", "x"), "an empty property is no property");
    assertEquals("x", r.property("node.name", "x"));
    // no aggregation object: a row of one node, complete
    assertTrue(CounterRow.parse(JSON.readTree("{\"id\": \"a\"}")).complete());
  }

  @Test
  void theSchemaGivesEachCountersTypeUnitAndDenominator() throws Exception {
    CounterSchema s = CounterSchema.parse(JSON.readTree("""
        {"name": "volume", "counter_schemas": [
          {"name": "read_latency", "type": "average", "unit": "microsec", "denominator": {"name": "total_read_ops"}},
          {"name": "total_read_ops", "type": "rate", "unit": "per_sec"},
          {"name": "odd"}]}"""));
    assertEquals(new CounterSchema.Counter("read_latency", "average", "microsec", "total_read_ops"), s.get("read_latency"));
    assertEquals(new CounterSchema.Counter("total_read_ops", "rate", "per_sec", null), s.get("total_read_ops"));
    assertEquals(new CounterSchema.Counter("odd", "", "", null), s.get("odd"));
    assertNull(s.get("missing"));
  }

  @Test
  void volumesAreServedByTheirNode() {
    CounterRow v = row("cl1-01:vol1", "name", "vol1", "svm.name", "svm1", "node.name", "cl1-01", "parent_aggregate", "aggr1");
    assertEquals(new Entity("cl1/volume/svm1/vol1", EntityKind.DISK, "vol1", Map.of("svm", "svm1", "aggregate", "aggr1"),
        Map.of()), CounterTables.VOLUME.rows().entity("cl1", v));
    assertEquals(List.of(new Relation("cl1/volume/svm1/vol1", "served_by", "cl1/node/cl1-01")),
        CounterTables.VOLUME.rows().relations("cl1", v));
    // neither svm nor name nor node: "-" and the row id, no attributes, no relation
    CounterRow bare = row("uuid-7");
    assertEquals(new Entity("cl1/volume/-/uuid-7", EntityKind.DISK, "uuid-7", Map.of(), Map.of()),
        CounterTables.VOLUME.rows().entity("cl1", bare));
    assertEquals(List.of(), CounterTables.VOLUME.rows().relations("cl1", bare));
  }

  @Test
  void aLunIsBehindTheVolumeItsPathNames() {
    CounterRow lun = row("/vol/vol1/lun1:9f3c", "svm.name", "svm1");
    // "/vol/vol1/lun1:9f3c": the path before the last ':' without its leading '/'
    assertEquals(new Entity("cl1/lun/vol/vol1/lun1", EntityKind.DISK, "vol/vol1/lun1", Map.of("svm", "svm1"), Map.of()),
        CounterTables.LUN.rows().entity("cl1", lun));
    assertEquals(List.of(new Relation("cl1/lun/vol/vol1/lun1", "behind", "cl1/volume/svm1/vol1")),
        CounterTables.LUN.rows().relations("cl1", lun));
    // a qtree LUN (four parts), a path not under /vol, or no SVM: no relation
    assertEquals(List.of(), CounterTables.LUN.rows().relations("cl1", row("/vol/vol1/q1/lun1:1", "svm.name", "svm1")));
    assertEquals(List.of(), CounterTables.LUN.rows().relations("cl1", row("/lun/vol1/lun1:1", "svm.name", "svm1")));
    assertEquals(List.of(), CounterTables.LUN.rows().relations("cl1", row("/vol/vol1/lun1:1")));
    // a name property wins over the id; a leading ':' is part of the name, not a separator; no '/' to strip
    assertEquals("cl1/lun/vol/v2/l2", CounterTables.LUN.rows().entity("cl1", row("x:1", "name", "/vol/v2/l2:77")).id());
    assertEquals("cl1/lun/:odd", CounterTables.LUN.rows().entity("cl1", row(":odd")).id());
    assertEquals("cl1/lun/plain", CounterTables.LUN.rows().entity("cl1", row("plain")).id());
  }

  @Test
  void portsAreKnownByNodeAndNameTheirIdGivesTheNameWhenThePropertyIsMissing() {
    // nic_common row id "cl1-01:e0a" without a name property: the port is e0a
    assertEquals(new Entity("cl1/port/cl1-01/e0a", EntityKind.NET_PORT, "ethernet cl1-01 e0a",
        Map.of("fabric", "ethernet", "node", "cl1-01", "link_speed", "100000"), Map.of()),
        CounterTables.NIC.rows().entity("cl1", row("cl1-01:e0a", "node.name", "cl1-01", "link_speed", "100000")));
    // an id of another node's form is kept whole
    assertEquals("cl1/port/cl1-01/cl1-02:e0b", CounterTables.NIC.rows().entity("cl1", row("cl1-02:e0b", "node.name", "cl1-01")).id());
    assertEquals(new Entity("cl1/port/cl1-02/0e", EntityKind.NET_PORT, "fc cl1-02 0e",
        Map.of("fabric", "fc", "node", "cl1-02", "link_speed", "32"), Map.of()),
        CounterTables.FCP.rows().entity("cl1", row("id", "node.name", "cl1-02", "name", "0e", "link.speed", "32")));
    assertEquals("cl1/port/-/p", CounterTables.FCP.rows().entity("cl1", row("p")).id());
  }

  @Test
  void lifsAndNodes() {
    assertEquals(new Entity("cl1/lif/svm1/data1", EntityKind.NET_PORT, "LIF data1",
        Map.of("logical", "true", "node", "cl1-01", "current_port", "e0c"), Map.of()),
        CounterTables.LIF.rows().entity("cl1", row("x", "svm.name", "svm1", "name", "data1", "node.name", "cl1-01",
            "current_port", "e0c")));
    assertEquals(new Entity("cl1/lif/-/x", EntityKind.NET_PORT, "LIF x", Map.of("logical", "true"), Map.of()),
        CounterTables.LIF.rows().entity("cl1", row("x")));
    assertEquals(List.of(), CounterTables.LIF.rows().relations("cl1", row("x")));
    assertEquals(new Entity("cl1/node/cl1-02", EntityKind.ARRAY_CPU, "cl1-02", Map.of(), Map.of()),
        CounterTables.SYSTEM_NODE.rows().entity("cl1", row("id", "node.name", "cl1-02")));
    assertEquals("cl1/node/uuid", CounterTables.HEADROOM_CPU.rows().entity("cl1", row("uuid")).id());
  }

  @Test
  void theTablesAndTheirMetrics() {
    assertEquals(List.of("system:node", "headroom_cpu", "volume", "lun", "lif", "nic_common", "fcp"), CounterTables.NAMES);
    // optimal_point.utilization is a percent the counter manager calls "none": x 0.01 on top
    CounterTables.MetricSpec optimal = CounterTables.HEADROOM_CPU.metrics().get(3);
    assertEquals(List.of("optimal_point.utilization"), optimal.counters());
    assertEquals(0.01, optimal.factor());
    assertEquals(1.0, CounterTables.LIF.metrics().get(2).factor());
    assertEquals(List.of("received_errors", "sent_errors"), CounterTables.LIF.metrics().get(2).counters());
  }
}
