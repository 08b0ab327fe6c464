package io.headroom.collector.redfish;

import static io.headroom.collector.redfish.MiniBmc.SYS;
import static io.headroom.collector.redfish.MiniBmc.link;
import static io.headroom.collector.redfish.MiniBmc.links;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.collector.source.Discovery;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A collection is read whole: every page Members@odata.nextLink names, a loop refused and said. */
class MembersTest {
  private static final String PROCS = SYS + "/Processors";

  @TempDir Path dir;

  private static String page(String next, String... members) {
    return "{\"Members\":" + links(members) + (next == null ? "" : ",\"Members@odata.nextLink\":\"" + next + "\"") + "}";
  }

  private static List<String> sockets(Discovery d) {
    return d.entities().stream().filter(e -> e.kind().equals("cpu_socket")).map(e -> e.id()).sorted().toList();
  }

  private MiniBmc bmc() {
    return MiniBmc.dell("{}").put(SYS, "{\"Processors\":" + link(PROCS) + "}")
        .put(PROCS + "/CPU.Socket.3", "{\"Socket\":\"CPU.Socket.3\"}");
  }

  @Test
  void thePagesAfterTheFirstAreRead() throws Exception {
    Discovery d = bmc()
        .put(PROCS, page(PROCS + "Page2", PROCS + "/CPU.Socket.1"))
        .put(PROCS + "Page2", page(PROCS + "Page3", MiniBmc.CPU2))
        .put(PROCS + "Page3", page(null, PROCS + "/CPU.Socket.3"))
        .discover(dir, "");
    // three pages of one member each: CPU.Socket.1, .2, .3 are sockets 0, 1, 2
    assertEquals(List.of("bmc1/socket/0", "bmc1/socket/1", "bmc1/socket/2"), sockets(d));
    assertEquals(List.of(), d.problems());
  }

  @Test
  void aNextLinkBackToAPageReadStopsTheCollectionThereAndSaysSo() throws Exception {
    MiniBmc bmc = bmc()
        .put(PROCS, page(PROCS + "Page2", PROCS + "/CPU.Socket.1"))
        .put(PROCS + "Page2", page(PROCS, MiniBmc.CPU2));
    Discovery d = bmc.discover(dir, "");
    // page 2 links page 1 again: the two members read so far stand, the loop is a problem
    assertEquals(List.of("bmc1/socket/0", "bmc1/socket/1"), sockets(d));
    assertEquals(List.of("GET BMC" + PROCS), d.problems());
  }

  @Test
  void aLaterPageThatFailsKeepsTheMembersReadBeforeIt() throws Exception {
    Discovery d = bmc()
        .put(PROCS, page(PROCS + "Page2", PROCS + "/CPU.Socket.1"))
        .fail(PROCS + "Page2")
        .discover(dir, "");
    assertEquals(List.of("bmc1/socket/0"), sockets(d));
    assertEquals(List.of("GET BMC" + PROCS + "Page2"), d.problems());
  }
}
