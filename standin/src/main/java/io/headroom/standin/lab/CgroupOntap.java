package io.headroom.standin.lab;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.headroom.standin.StandinServer;
import io.headroom.standin.arrays.OntapStandin;
import java.io.UncheckedIOException;

/**
 * An ONTAP cluster of one node, the lab's array node, whose system:node CPU counters advance with
 * a cgroup's CPU time ({@link NodeCpuCounters}); see docs/array-standins.md, "The lab's node". It
 * is {@link OntapStandin} (same rows, paging, HTTP Basic) with one table, system:node, whose one
 * row's counters are read from the kernel at each request; its schema is ONTAP's for those
 * counters (cpu_busy percent over cpu_elapsed_time, microseconds; time in seconds). The network
 * port collections are empty: the lab's array port is read by other means (declared, or SNMP).
 */
public final class CgroupOntap {
  /** The node's name: the ontap source's entity is {@code HOST/node/lab-01}. */
  public static final String NODE = "lab-01";
  static final String ROW_ID = NODE + ":6c1f7a52-0d2e-11ef-9e1b-00a098d3a001";
  private static final ObjectMapper JSON = new ObjectMapper();

  private CgroupOntap() {}

  /** Puts the cluster on {@code server}: every request needs HTTP Basic of username and password. */
  public static void serve(StandinServer server, NodeCpuCounters node, String username, String password) {
    OntapStandin.serve(cluster(username, password), server,
        (table, row) -> table.equals("system:node") && row.equals(ROW_ID) ? node.read() : null);
  }

  /** The cluster file OntapStandin serves, without counter values (they are live). */
  static JsonNode cluster(String username, String password) {
    try {
      ObjectNode c = (ObjectNode) JSON.readTree(CLUSTER);
      return c.put("username", username).put("password", password);
    } catch (java.io.IOException e) {
      throw new UncheckedIOException("CgroupOntap's own cluster document", e);
    }
  }

  // Descriptions, types and units as ONTAP 9.12's counter manager gives them for system:node.
  private static final String CLUSTER = """
      {"tables": {"system:node": {
         "schema": {"name": "system:node",
           "description": "The System table reports general system activity. This includes global throughput for the main services, I/O latency, and CPU activity. The alias name for system:node is system_node.",
           "counter_schemas": [
             {"name": "cpu_busy", "description": "System CPU resource utilization. Returns a computed percentage for the default CPU field.",
              "type": "percent", "unit": "percent", "denominator": {"name": "cpu_elapsed_time"}},
             {"name": "cpu_elapsed_time", "description": "Elapsed time since boot", "type": "delta", "unit": "microsec"},
             {"name": "time", "description": "Time in seconds since the Epoch (00:00:00 UTC January 1 1970)", "type": "raw", "unit": "sec"},
             {"name": "node.name", "description": "Node name", "type": "string", "unit": "none"}],
           "_links": {"self": {"href": "/api/cluster/counter/tables/system:node"}}},
         "rows": [{"id": "%s", "properties": {"node.name": "%s", "name": "%s", "system_model": "lab nbdkit in a cgroup"}}]}},
       "network": {"ethernet": [], "fc": []}}
      """.formatted(ROW_ID, NODE, NODE);
}
