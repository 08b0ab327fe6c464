package io.headroom.collector.snmp;

import static io.headroom.collector.snmp.Scrapes.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.Source;
import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A veth pair made here, one end in a network namespace of its own, a known number of bytes sent
 * through it, read back over SNMP from net-snmp's snmpd: the rate the source computes is those
 * bytes over the time between the readings. Changes the machine (a namespace, two interfaces), so
 * it runs only with HEADROOM_MACHINE_TESTS=1, as root.
 */
class VethRatesTest {
  private static final int DATAGRAMS = 2000;
  private static final int PAYLOAD = 1000;
  /** On the wire as Linux counts tx_bytes: Ethernet header 14 + IPv4 20 + UDP 8 + payload (no FCS). */
  private static final int FRAME = 14 + 20 + 8 + PAYLOAD;

  @TempDir
  Path dir;

  @Test
  void bytesPushedThroughAVethPairAreTheRateReadOverSnmp() throws Exception {
    assumeTrue("1".equals(System.getenv("HEADROOM_MACHINE_TESTS")),
        "changes the machine (network namespace, veth pair): run with HEADROOM_MACHINE_TESTS=1 as root");
    String tag = Long.toString(ProcessHandle.current().pid() % 100000);
    String ns = "hrsnmp" + tag;
    String end = "hrsv" + tag;
    String peer = "hrsp" + tag;
    List<List<String>> undo = new ArrayList<>();
    try {
      ip(undo, List.of("netns", "add", ns), List.of("netns", "del", ns));
      ip(undo, List.of("link", "add", end, "type", "veth", "peer", "name", peer), List.of("link", "del", end));
      run("sysctl", "-q", "-w", "net.ipv6.conf." + end + ".disable_ipv6=1"); // no neighbour discovery on our end
      ip(undo, List.of("link", "set", peer, "netns", ns), null);
      ip(undo, List.of("addr", "add", "10.231.77.1/30", "dev", end), null);
      ip(undo, List.of("link", "set", end, "up"), null);
      ip(undo, List.of("-n", ns, "addr", "add", "10.231.77.2/30", "dev", peer), null);
      ip(undo, List.of("-n", ns, "link", "set", peer, "up"), null);
      // snmpd starts after the pair exists: it lists interfaces from a cache it refreshes only now and then
      try (NetSnmpd snmpd = NetSnmpd.start(dir);
          DatagramSocket socket = new DatagramSocket();
          Source source = source("me", settings("agent", snmpd.agent(), "community", NetSnmpd.COMMUNITY))) {
        InetAddress to = InetAddress.getByName("10.231.77.2");
        send(socket, to, 1); // resolves the neighbour (ARP) before the counting starts
        Thread.sleep(500);
        long t1 = System.nanoTime();
        scrape(source);
        send(socket, to, DATAGRAMS);
        Thread.sleep(6000); // past snmpd's interface cache, so the second reading is fresh
        long t2 = System.nanoTime();
        Scrape s = scrape(source);
        Double tx = value(s, "me/port/" + end, "tx_bytes_per_s");
        assertNotNull(tx, "a transmit rate for " + end + ": " + s.readings().keySet());
        // 2000 datagrams x 1042 bytes = 2,084,000 bytes between the readings, about 6 s apart
        double seconds = (t2 - t1) / 1e9;
        assertEquals((double) DATAGRAMS * FRAME, tx * seconds, DATAGRAMS * FRAME * 0.02,
            "bytes over " + seconds + " s");
      }
    } finally {
      for (int i = undo.size() - 1; i >= 0; i--) {
        run(concat("ip", undo.get(i)));
      }
    }
  }

  private static void send(DatagramSocket socket, InetAddress to, int n) throws IOException {
    byte[] payload = new byte[PAYLOAD];
    for (int i = 0; i < n; i++) {
      socket.send(new DatagramPacket(payload, PAYLOAD, to, 9)); // discard port; nobody listens, and that is fine
    }
  }

  private static void ip(List<List<String>> undo, List<String> args, List<String> undoArgs) throws Exception {
    run(concat("ip", args));
    if (undoArgs != null) {
      undo.add(undoArgs);
    }
  }

  private static String[] concat(String first, List<String> rest) {
    List<String> all = new ArrayList<>(List.of(first));
    all.addAll(rest);
    return all.toArray(String[]::new);
  }

  private static void run(String... cmd) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes());
    if (p.waitFor() != 0) {
      throw new IOException(String.join(" ", cmd) + " failed: " + out);
    }
  }
}
