package io.headroom.collector.declared;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.headroom.config.ConfigException;
import io.headroom.collector.source.SourceContext;
import io.headroom.config.SourceConfig;
import io.headroom.config.TestbedConfig;
import io.headroom.config.TestbedLoader;
import io.headroom.collector.source.Source;
import io.headroom.model.MetricDef;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The declared source's registration (type, metrics, the source it makes) and the binding of its
 * keys; every problem is named at once, with its key.
 */
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
    assertEquals("declared source of lab: unknown key 'entity' (known: [entities, relations, sys_root, workloads]); "
        + "entities[0].kind: \"workload\" is not declarable (known: [array_cpu, cgroup, cpu_socket, disk, host_cpu, net_port, pcie_link]); "
        + "entities[1].capacity.bytes_per_s: must be a positive number, not -1.0; "
        + "entities[1].blockdev: only a disk is measured from a block device, not net_port; "
        + "entities[2]: unknown key 'colour' (known: [attrs, blockdev, capacity, cgroup, id, kind, name, netdev]); "
        + "entities[2].netdev: \"../x\" must be a device name (loop7, eth0), not a path; "
        + "entities[2].netdev: only a net_port is measured from an interface, not host_cpu; "
        + "entities[4]: must be a mapping (keys: [attrs, blockdev, capacity, cgroup, id, kind, name, netdev]); "
        + "relations[0].rel: \"serves\" is not one of [behind, cabled_to, on, runs_on, served_by, targets, via]; "
        + "relations[0].to: \"a|b\" must not contain '|'; "
        + "workloads[0].rel: \"behind\" is not one of [runs_on, targets, via]; "
        + "workloads[1].rel: required; "
        + "sys_root: " + base.resolve("nope") + " is not a directory", e.getMessage());
    // entities[3] repeats the id "p": with bad elements the list is refused as a whole, so that
    // is said once the others are fixed (next test)
  }

  @Test
  void anIdDeclaredTwiceIsNamed() {
    ConfigException e = assertThrows(ConfigException.class, () -> bind("""
        {"sys_root": ".", "entities": [{"id": "p", "kind": "net_port"}, {"id": "p", "kind": "disk"}]}"""));
    assertEquals("declared source of lab: entities[1].id: \"p\" is declared twice", e.getMessage());
  }

  @Test
  void anEmptySectionIsRefused() {
    ConfigException e = assertThrows(ConfigException.class, () -> bind("{\"sys_root\":\".\"}"));
    assertEquals("declared source of lab: declares nothing: give entities, relations or workloads", e.getMessage());
  }

  /**
   * Ids and names the database could not store are config errors naming the key: JSON's
   * \\u0000 is a NUL, \\ud800 an unpaired surrogate; "x" x 520 is 520 bytes, over 512.
   */
  @Test
  void idsAndNamesTheDatabaseCannotStoreAreRefusedWithTheirKey() {
    String longId = "x".repeat(520);
    ConfigException e = assertThrows(ConfigException.class, () -> bind("""
        {"sys_root": ".",
         "entities": [
           {"id": "lab/link\\u0000", "kind": "net_port"},
           {"id": "lab/disk", "kind": "disk", "name": "disk \\ud800", "attrs": {"model": "A\\u0000"}},
           {"id": "%s", "kind": "disk"}],
         "relations": [{"from": "lab/disk", "rel": "on", "to": "lab/\\udc00|x"}],
         "workloads": [{"rel": "targets", "to": "lab/\\u0000"}]}""".formatted(longId)));
    assertEquals("declared source of lab: "
        + "entities[0].id: contains a NUL character (U+0000) at index 8, which PostgreSQL cannot store; "
        + "entities[1].name: contains an unpaired UTF-16 surrogate (U+D800) at index 5, which has no UTF-8 encoding; "
        + "entities[1].attrs.model: contains a NUL character (U+0000) at index 1, which PostgreSQL cannot store; "
        + "entities[2].id: is 520 bytes of UTF-8, over the limit of 512; "
        + "relations[0].to: contains an unpaired UTF-16 surrogate (U+DC00) at index 4, which has no UTF-8 encoding; "
        + "workloads[0].to: contains a NUL character (U+0000) at index 4, which PostgreSQL cannot store", e.getMessage());
  }

  /** The case seen: a declared id with a NUL in the testbed file (YAML's "\\0") now stops at the file. */
  @Test
  void aNulInATestbedFileIdIsAConfigErrorNotARecord() throws Exception {
    Path file = base.resolve("testbed.yaml");
    Files.writeString(file, """
        testbed: lab
        sources:
          - type: declared
            host: lab
            sys_root: .
            entities:
              - {id: "lab/link\\0", kind: net_port}
        """);
    TestbedConfig testbed = TestbedLoader.load(file, base.resolve("spool"));
    SourceConfig sc = testbed.sources().get(0);
    ConfigException e = assertThrows(ConfigException.class, () -> new DeclaredSourceFactory()
        .create(new SourceContext(sc.host(), sc.interval(), testbed.baseDir()), sc.settings()));
    assertEquals("declared source of lab: entities[0].id: contains a NUL character (U+0000) at index 8, "
        + "which PostgreSQL cannot store", e.getMessage());
  }

  @Test
  void registersAsDeclaredWithItsThirteenMetrics() {
    DeclaredSourceFactory f = new DeclaredSourceFactory();
    assertEquals("declared", f.type());
    assertEquals(List.of("util", "cpu_cores_used", "rx_bytes_per_s", "tx_bytes_per_s", "errors_per_s", "discards_per_s",
        "read_iops", "write_iops", "read_bytes_per_s", "write_bytes_per_s", "read_latency_s", "write_latency_s",
        "queue_depth"), f.metrics().stream().map(MetricDef::name).toList());
  }

  private static final String ONE_RELATION = "{\"sys_root\":\".\",\"relations\":[{\"from\":\"v\",\"rel\":\"on\",\"to\":\"a\"}]}";

  @Test
  void theSourceMadeIsNamedDeclaredAndScrapesAtTheTestbedInterval() throws Exception {
    Source s = new DeclaredSourceFactory().create(new SourceContext("lab", Duration.ofSeconds(5), base),
        new ObjectMapper().readTree(ONE_RELATION));
    assertEquals("declared", s.name());
    assertEquals(Duration.ofSeconds(5), s.interval());
  }

  @Test
  void withoutAnIntervalTheSourceScrapesEverySecond() throws Exception {
    Source s = new DeclaredSourceFactory().create(new SourceContext("lab", null, base),
        new ObjectMapper().readTree(ONE_RELATION));
    assertEquals(Duration.ofSeconds(1), s.interval());
  }

  @Test
  void emptyListsDeclareNothing() {
    ConfigException e = assertThrows(ConfigException.class,
        () -> bind("{\"sys_root\":\".\",\"entities\":[],\"relations\":[],\"workloads\":[]}"));
    assertEquals("declared source of lab: declares nothing: give entities, relations or workloads", e.getMessage());
  }

  @Test
  void nullListsDeclareNothing() {
    ConfigException e = assertThrows(ConfigException.class,
        () -> bind("{\"sys_root\":\".\",\"entities\":null,\"relations\":null,\"workloads\":null}"));
    assertEquals("declared source of lab: declares nothing: give entities, relations or workloads", e.getMessage());
  }

  @Test
  void aRelationsFromIsCheckedAsAnId() {
    ConfigException e = assertThrows(ConfigException.class, () -> bind("""
        {"sys_root": ".", "relations": [{"from": "a|b", "rel": "on", "to": "c"}, {"rel": "on", "to": "c"}]}"""));
    assertEquals("declared source of lab: relations[0].from: \"a|b\" must not contain '|'; "
        + "relations[1].from: required", e.getMessage());
  }

  private TestbedConfig testbed(String sources) throws Exception {
    Path file = base.resolve("testbed.yaml");
    Files.writeString(file, "testbed: lab\nsources:\n" + sources);
    return TestbedLoader.load(file, base.resolve("spool"));
  }

  /** The host source is not declared and is passed over; both declared sources' workloads, in file order. */
  @Test
  void workloadRelationsGathersEveryDeclaredSourceInOrder() throws Exception {
    TestbedConfig t = testbed("""
          - type: host
            host: h1
          - type: declared
            host: client
            sys_root: .
            workloads: [{rel: via, to: client/net/p}]
          - type: declared
            host: array
            sys_root: .
            workloads: [{rel: targets, to: array/vol/x}, {rel: runs_on, to: client/cpu}]
        """);
    assertEquals(List.of(new WorkloadRelation("via", "client/net/p"), new WorkloadRelation("targets", "array/vol/x"),
        new WorkloadRelation("runs_on", "client/cpu")), DeclaredSourceFactory.workloadRelations(t));
  }

  @Test
  void workloadRelationsRefusesABadDeclaredSourceNamingItsHost() throws Exception {
    TestbedConfig t = testbed("""
          - type: declared
            host: array
            sys_root: .
            workloads: [{rel: behind, to: array/vol/x}]
        """);
    ConfigException e = assertThrows(ConfigException.class, () -> DeclaredSourceFactory.workloadRelations(t));
    assertEquals("declared source of array: workloads[0].rel: \"behind\" is not one of [runs_on, targets, via]",
        e.getMessage());
  }
}
