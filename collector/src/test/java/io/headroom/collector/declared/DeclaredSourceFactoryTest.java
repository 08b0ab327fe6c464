package io.headroom.collector.declared;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.headroom.config.ConfigException;
import io.headroom.collector.source.SourceContext;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Binding the declared source's keys; every problem is named at once, with its key. */
class DeclaredSourceFactoryTest {
  @TempDir Path base;

  private DeclaredSourceConfig bind(String json) throws Exception {
    return DeclaredSourceFactory.config(new SourceContext("lab", Duration.ofSeconds(1), base),
        new ObjectMapper().readTree(json));
  }

  @Test
  void relationsAndWorkloadRelationsAreBound() throws Exception {
    DeclaredSourceConfig c = bind("{\"sys_root\":\".\",\"relations\":[{\"from\":\"v\",\"rel\":\"served_by\",\"to\":\"a\"}],"
        + "\"workloads\":[{\"rel\":\"targets\",\"to\":\"v\"},{\"rel\":\"via\",\"to\":\"p\"}]}");
    assertEquals(base.resolve("."), c.sysRoot());
    assertEquals(List.of(new WorkloadRelation("targets", "v"), new WorkloadRelation("via", "p")), c.workloads());
    assertEquals("served_by", c.relations().get(0).rel());
  }

  @Test
  void everyProblemAtOnce() {
    ConfigException e = assertThrows(ConfigException.class, () -> bind("""
        {"sys_root": "nope", "entity": [],
         "entities": [
           {"id": "a", "kind": "workload"},
           {"id": "p", "kind": "net_port", "capacity": {"bytes_per_s": -1}, "blockdev": "loop0"},
           {"id": "c", "kind": "host_cpu", "netdev": "../x", "colour": "red"},
           {"id": "p", "kind": "disk"},
           "x"],
         "relations": [{"from": "v", "rel": "serves", "to": "a|b"}],
         "workloads": [{"rel": "behind", "to": "v"}, {"to": "w"}]}"""));
    assertEquals("declared source of lab: entity: unknown key (known: [entities, relations, sys_root, workloads]); "
        + "entities[0].kind: \"workload\" is not declarable (known: [array_cpu, cgroup, cpu_socket, disk, host_cpu, net_port, pcie_link]); "
        + "entities[1].capacity.bytes_per_s: must be a positive number, not -1.0; "
        + "entities[1].blockdev: only a disk is measured from a block device, not net_port; "
        + "entities[2].colour: unknown key (known: [attrs, blockdev, capacity, cgroup, id, kind, name, netdev]); "
        + "entities[2].netdev: \"../x\" must be a device name (loop7, eth0), not a path; "
        + "entities[2].netdev: only a net_port is measured from an interface, not host_cpu; "
        + "entities[4]: must be a mapping (keys: [attrs, blockdev, capacity, cgroup, id, kind, name, netdev]); "
        + "relations[0].rel: \"serves\" is not one of [behind, cabled_to, on, runs_on, served_by, targets, via]; "
        + "relations[0].to: \"a|b\" must not contain '|'; "
        + "workloads[0].rel: \"behind\" is not one of [runs_on, targets, via]; "
        + "workloads[1].rel: required; "
        + "sys_root: " + base.resolve("nope") + " is not a directory; "
        + "entities[3].id: \"p\" is declared twice", e.getMessage());
  }

  @Test
  void anEmptySectionIsRefused() {
    ConfigException e = assertThrows(ConfigException.class, () -> bind("{\"sys_root\":\".\"}"));
    assertEquals("declared source of lab: declares nothing: give entities, relations or workloads", e.getMessage());
  }
}
