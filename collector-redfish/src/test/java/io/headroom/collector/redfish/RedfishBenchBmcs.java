package io.headroom.collector.redfish;

import io.headroom.standin.StandinServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The BMC side of bench/redfish: N stand-in iDRAC9s (the r750-storage tree), each on its own
 * loopback port, each answering every request after {@code latencyMs}, each requiring a Redfish
 * session (root / calvin). Writes the ports, one a line, to the file given, then serves until killed.
 * Usage: RedfishBenchBmcs N LATENCY_MS PORTS_FILE
 */
public final class RedfishBenchBmcs {
  private RedfishBenchBmcs() {}

  public static void main(String[] args) throws Exception {
    int n = Integer.parseInt(args[0]);
    Duration latency = Duration.ofMillis(Long.parseLong(args[1]));
    Path portsFile = Path.of(args[2]);
    List<StandinServer> bmcs = new ArrayList<>();
    StringBuilder ports = new StringBuilder();
    for (int i = 0; i < n; i++) {
      // 4 threads: the collector keeps at most 2 requests in flight per BMC
      StandinServer s = StandinServer.builder().root(Bmc.R750).threads(4).start();
      s.latency(latency);
      s.requireSession("root", "calvin", "X-Auth-Token", Bmc.SESSIONS, false);
      bmcs.add(s);
      ports.append(s.port()).append('\n');
    }
    Files.writeString(portsFile, ports);
    System.out.println(n + " stand-in BMCs ready, " + latency.toMillis() + " ms per request");
    Thread.currentThread().join();
  }
}
