package io.headroom.collector.declared;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.SourceContext;
import io.headroom.model.Entity;
import io.headroom.model.Relation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The declared source on a hand-written sys tree (cgroup v1 and v2, a veth end, a loop device):
 * entities with their declared ceilings, and exact rates from two readings 2 s apart.
 */
class DeclaredSourceTest {
  @TempDir Path sys;

  static final String SETTINGS = """
      {"sys_root": "SYS",
       "entities": [
         {"id": "client/cpu", "kind": "host_cpu", "name": "lab client", "cgroup": "/lab/client/"},
         {"id": "client/net/fabric", "kind": "net_port", "attrs": {"fabric": "ethernet", "speed_bps": 8.0e7},
          "capacity": {"bytes_per_s": 1.0e7}, "netdev": "hrc"},
         {"id": "lab/disk/loop7", "kind": "disk", "capacity": {"iops": 300}, "blockdev": "loop7"},
         {"id": "lab/vol/export", "kind": "disk"}],
       "relations": [{"from": "lab/vol/export", "rel": "behind", "to": "lab/disk/loop7"}],
       "workloads": [{"rel": "via", "to": "client/net/fabric"}]}""";

  private DeclaredSource source() throws Exception {
    DeclaredSourceConfig c = DeclaredSourceFactory.config(new SourceContext("client", null, sys),
        new ObjectMapper().readTree(SETTINGS.replace("SYS", sys.toString())));
    return new DeclaredSource(c, Duration.ofSeconds(1), 2);
  }

  private void write(String path, String text) throws IOException {
    Files.createDirectories(sys.resolve(path).getParent());
    Files.writeString(sys.resolve(path), text + "\n");
  }

  /** v1: 0.5 CPU quota; loop7 and hrc at their first reading. */
  private void firstReading() throws IOException {
    write("fs/cgroup/cpu/lab/client/cpu.cfs_quota_us", "50000");
    write("fs/cgroup/cpu/lab/client/cpu.cfs_period_us", "100000");
    write("fs/cgroup/cpuacct/lab/client/cpuacct.usage", "1000000000");
    for (String f : List.of("rx_bytes", "tx_bytes", "rx_errors", "tx_errors", "rx_dropped", "tx_dropped")) {
      write("class/net/hrc/statistics/" + f, "100");
    }
    write("block/loop7/stat", "  1000 0 8000 500 10 0 80 20 3 1000 2000 0 0 0 0");
  }

  /** 2 s later: 0.9 s of CPU, 20 MB in, 600 reads of 4 KiB taking 1.2 s in all, 1.9 s busy. */
  private void secondReading() throws IOException {
    write("fs/cgroup/cpuacct/lab/client/cpuacct.usage", "1900000000");
    write("class/net/hrc/statistics/rx_bytes", "20000100");
    write("class/net/hrc/statistics/tx_bytes", "400100");
    write("class/net/hrc/statistics/rx_dropped", "104");
    write("block/loop7/stat", "  1600 0 12800 1700 10 0 80 20 5 2900 10000 0 0 0 0");
  }

  @Test
  void declaredEntitiesCarryTheirCeilingsAndRelations() throws Exception {
    firstReading();
    Scrape s = new Scrape(100.0);
    source().scrape(s);
    Map<String, Entity> byId = new TreeMap<>();
    s.entities().forEach(e -> byId.put(e.id(), e));
    assertEquals(List.of("client/cpu", "client/net/fabric", "lab/disk/loop7", "lab/vol/export"), List.copyOf(byId.keySet()));
    assertEquals("host_cpu", byId.get("client/cpu").kind());
    assertEquals("lab client", byId.get("client/cpu").name());
    assertEquals(Map.of("bytes_per_s", 1.0e7), byId.get("client/net/fabric").capacity());
    assertEquals(Map.of("fabric", "ethernet", "speed_bps", 8.0e7), byId.get("client/net/fabric").attrs());
    assertEquals(Map.of("iops", 300.0), byId.get("lab/disk/loop7").capacity());
    assertEquals(List.of(new Relation("lab/vol/export", "behind", "lab/disk/loop7")), s.relations());
    assertEquals(0, s.sampleCount(), "the first reading has no rates");
    assertEquals(List.of(), s.problems());
  }

  @Test
  void ratesFromTwoReadings() throws Exception {
    DeclaredSource source = source();
    firstReading();
    source.scrape(new Scrape(100.0));
    secondReading();
    Scrape s = new Scrape(102.0);
    source.scrape(s);
    Map<String, Double> v = values(s);
    assertEquals(0.45, v.get("client/cpu cpu_cores_used"), 1e-9);
    assertEquals(0.9, v.get("client/cpu util"), 1e-9, "0.45 cores of a 0.5 quota");
    assertEquals(1.0e7, v.get("client/net/fabric rx_bytes_per_s"), 1e-6);
    assertEquals(2.0e5, v.get("client/net/fabric tx_bytes_per_s"), 1e-6);
    assertEquals(0.0, v.get("client/net/fabric errors_per_s"));
    assertEquals(2.0, v.get("client/net/fabric discards_per_s"), 1e-9);
    assertEquals(300.0, v.get("lab/disk/loop7 read_iops"), 1e-9);
    assertEquals(0.0, v.get("lab/disk/loop7 write_iops"));
    assertEquals(300.0 * 4096, v.get("lab/disk/loop7 read_bytes_per_s"), 1e-6);
    assertEquals(0.002, v.get("lab/disk/loop7 read_latency_s"), 1e-12, "1200 ms over 600 reads");
    assertEquals(null, v.get("lab/disk/loop7 write_latency_s"), "no write completed: no latency");
    assertEquals(4.0, v.get("lab/disk/loop7 queue_depth"), 1e-9, "8000 weighted ms over 2 s");
    assertEquals(0.95, v.get("lab/disk/loop7 util"), 1e-9);
    assertEquals(13, v.size());
  }

  @Test
  void cgroupV2UsesCpuStatAndCpuMax() throws Exception {
    write("fs/cgroup/cgroup.controllers", "cpu io");
    write("fs/cgroup/lab/client/cpu.stat", "usage_usec 1000000\nuser_usec 5");
    write("fs/cgroup/lab/client/cpu.max", "25000 100000");
    DeclaredSource source = source();
    source.scrape(new Scrape(10.0));
    write("fs/cgroup/lab/client/cpu.stat", "usage_usec 1500000\nuser_usec 5");
    Scrape s = new Scrape(12.0);
    source.scrape(s);
    assertEquals(1.0, values(s).get("client/cpu util"), 1e-9, "0.25 cores of a 0.25 quota");
  }

  /** The source is built for a 2-CPU host: a cgroup cannot use more than the machine has. */
  @Test
  void aCgroupQuotaAboveTheHostIsTheHost() throws Exception {
    write("fs/cgroup/cgroup.controllers", "cpu io");
    write("fs/cgroup/lab/client/cpu.stat", "usage_usec 1000000");
    write("fs/cgroup/lab/client/cpu.max", "300000 100000"); // 3 CPUs of quota
    DeclaredSource source = source();
    source.scrape(new Scrape(10.0));
    write("fs/cgroup/lab/client/cpu.stat", "usage_usec 2000000");
    Scrape s = new Scrape(12.0);
    source.scrape(s);
    Map<String, Double> v = values(s);
    assertEquals(0.5, v.get("client/cpu cpu_cores_used"), 1e-9, "1 s of CPU over 2 s");
    assertEquals(0.25, v.get("client/cpu util"), 1e-9, "0.5 cores of the host's 2, not of the quota's 3");
  }

  @Test
  void aCgroupMadeAfterTheSourceStartsIsReadOnceItIsThere() throws Exception {
    DeclaredSource source = source();
    Scrape before = new Scrape(8.0);
    source.scrape(before);
    assertTrue(before.problems().stream().anyMatch(p -> p.startsWith("client/cpu: cgroup lab/client unreadable: no cgroup")),
        before.problems().toString());
    firstReading();
    source.scrape(new Scrape(100.0));
    secondReading();
    Scrape s = new Scrape(102.0);
    source.scrape(s);
    assertEquals(0.9, values(s).get("client/cpu util"), 1e-9, "0.45 cores (0.9 s over 2 s) of a 0.5 quota");
  }

  @Test
  void aMissingDeviceIsAProblemAndTheRestStands() throws Exception {
    firstReading();
    Files.delete(sys.resolve("block/loop7/stat"));
    Scrape s = new Scrape(100.0);
    source().scrape(s);
    assertEquals(4, s.entities().size());
    assertEquals(1, s.problems().size());
    assertTrue(s.problems().get(0).startsWith("lab/disk/loop7: block device counters unreadable: "), s.problems().get(0));
    assertTrue(s.problems().get(0).contains("block/loop7/stat"), s.problems().get(0));
  }

  private static Map<String, Double> values(Scrape s) {
    Map<String, Double> out = new TreeMap<>();
    s.readings().forEach((id, rs) -> rs.forEach(r -> out.put(id + " " + r.metric(), r.value())));
    return out;
  }
}
