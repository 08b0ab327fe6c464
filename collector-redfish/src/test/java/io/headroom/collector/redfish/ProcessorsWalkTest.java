package io.headroom.collector.redfish;

import static io.headroom.collector.redfish.MiniBmc.SYS;
import static io.headroom.collector.redfish.MiniBmc.collection;
import static io.headroom.collector.redfish.MiniBmc.entity;
import static io.headroom.collector.redfish.MiniBmc.link;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.collector.source.Discovery;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Sockets numbered from 0: by the number ending the Socket name, else by place among the CPUs. */
class ProcessorsWalkTest {
  private static final String PROCS = SYS + "/Processors";

  @TempDir Path dir;

  private MiniBmc bmc(String... members) {
    return MiniBmc.dell("{}").put(SYS, "{\"Processors\":" + link(PROCS) + "}").put(PROCS, collection(members));
  }

  private static List<String> sockets(Discovery d) {
    return d.entities().stream().filter(e -> e.kind().equals("cpu_socket")).map(e -> e.id() + " " + e.name()).toList();
  }

  @Test
  void aGpuIsNoSocketAndNamesWithoutANumberTakeTheirPlaceAmongTheCpus() throws Exception {
    Discovery d = bmc(PROCS + "/GPU.Slot.1", PROCS + "/CPU.Socket.1", PROCS + "/Proc.A", PROCS + "/Proc.B", PROCS + "/Broken")
        .put(PROCS + "/GPU.Slot.1", "{\"ProcessorType\":\"GPU\",\"Socket\":\"GPU.Slot.1\"}")
        .put(PROCS + "/CPU.Socket.1", "{\"ProcessorType\":\"CPU\",\"Socket\":\"CPU.Socket.1\",\"TotalCores\":18,\"TotalThreads\":36}")
        .put(PROCS + "/Proc.A", "{\"Socket\":\"Proc A\"}") // no type: a CPU
        .put(PROCS + "/Proc.B", "{\"ProcessorType\":\"CPU\"}") // no Socket name at all
        .fail(PROCS + "/Broken")
        .discover(dir, "");
    // CPU.Socket.1 is socket 1 - 1 = 0; Proc A is the second CPU (place 1), Proc.B the third (place 2)
    assertEquals(List.of("bmc1/socket/0 socket 0 (CPU.Socket.1)", "bmc1/socket/1 socket 1 (Proc.A)",
        "bmc1/socket/2 socket 2 (Proc.B)"), sockets(d));
    assertEquals(Map.of("socket", "CPU.Socket.1", "cores", 18, "threads", 36), entity(d, "bmc1/socket/0").attrs());
    assertEquals(List.of("GET BMC" + PROCS + "/Broken"), d.problems());
  }

  /** RedfishTreeFuzzTest's crash-6d3260d5...: a name ending past an int threw NumberFormatException out of discover. */
  @Test
  void aNameEndingInANumberPastAnIntTakesItsPlace() throws Exception {
    Discovery d = bmc(PROCS + "/CPU.Socket.1", PROCS + "/X")
        .put(PROCS + "/CPU.Socket.1", "{\"Socket\":\"CPU.Socket.1\"}")
        .put(PROCS + "/X", "{\"Socket\":\"CPU4340410369358234940\"}")
        .discover(dir, "");
    // CPU.Socket.1 is 1 - 1 = 0; the other names no number an int holds: its place, 1
    assertEquals(List.of("bmc1/socket/0 socket 0 (CPU.Socket.1)", "bmc1/socket/1 socket 1 (X)"), sockets(d));
  }

  @Test
  void aSocketNumberedZeroStaysZero() throws Exception {
    Discovery d = bmc(PROCS + "/CPU0").put(PROCS + "/CPU0", "{\"Socket\":\"CPU0\"}").discover(dir, "");
    // 0 cannot be Dell's 1-based numbering: kept as 0, not 0 - 1
    assertEquals(List.of("bmc1/socket/0 socket 0 (CPU0)"), sockets(d));
  }

  @Test
  void socketsNamedFromZeroKeepTheirNumbers() throws Exception {
    Discovery d = bmc(PROCS + "/CPU0", PROCS + "/CPU1")
        .put(PROCS + "/CPU0", "{\"Socket\":\"CPU0\"}")
        .put(PROCS + "/CPU1", "{\"Socket\":\"CPU1\"}")
        .discover(dir, "");
    // a name ending in 0 means the BMC counts from 0: CPU0 is socket 0 and CPU1 socket 1 (1 - 0),
    // not 1 - 1 = 0 as Dell's CPU.Socket.1 would be (that would put both on socket 0)
    assertEquals(List.of("bmc1/socket/0 socket 0 (CPU0)", "bmc1/socket/1 socket 1 (CPU1)"), sockets(d));
  }

  @Test
  void socketsNamedFromOneCountDown() throws Exception {
    Discovery d = bmc(PROCS + "/CPU.Socket.1", PROCS + "/CPU.Socket.2")
        .put(PROCS + "/CPU.Socket.1", "{\"Socket\":\"CPU.Socket.1\"}")
        .put(PROCS + "/CPU.Socket.2", "{\"Socket\":\"CPU.Socket.2\"}")
        .discover(dir, "");
    // no name ends in 0: Dell's numbering from 1, so 1 - 1 = 0 and 2 - 1 = 1
    assertEquals(List.of("bmc1/socket/0 socket 0 (CPU.Socket.1)", "bmc1/socket/1 socket 1 (CPU.Socket.2)"), sockets(d));
  }

  @Test
  void metricsLinkedButNotServedAreNotOfferedWhileOnesThatFailAreKept() throws Exception {
    MiniBmc bmc = bmc(PROCS + "/CPU0", PROCS + "/CPU1")
        .put(PROCS + "/CPU0", "{\"Socket\":\"CPU0\",\"Metrics\":" + link(PROCS + "/CPU0/ProcessorMetrics") + "}")
        .put(PROCS + "/CPU1", "{\"Socket\":\"CPU1\",\"Metrics\":" + link(PROCS + "/CPU1/ProcessorMetrics") + "}")
        .fail(PROCS + "/CPU1/ProcessorMetrics"); // CPU0's is not put: 404
    Discovery d = bmc.discover(dir, "");
    // the 404 is the service saying it has none: said once, never polled (Supermicro SYS-A21GE's capture)
    assertEquals(1, d.degraded().stream().filter(l -> l.startsWith("bmc1/socket/0: not offered: util (" + PROCS
        + "/CPU0/ProcessorMetrics is linked but not served: HTTP 404")).count());
    // a failure is not an answer: a problem now, and the scrape keeps asking
    assertEquals(List.of("GET BMC" + PROCS + "/CPU1/ProcessorMetrics"), d.problems());
    assertEquals(0, d.degraded().stream().filter(l -> l.startsWith("bmc1/socket/1")).count());
  }

  @Test
  void anUnreadableProcessorsCollectionIsAProblemAndNoSockets() throws Exception {
    Discovery d = bmc().fail(PROCS).discover(dir, "");
    assertEquals(List.of("GET BMC" + PROCS), d.problems());
    assertEquals(List.of(), sockets(d));
  }
}
