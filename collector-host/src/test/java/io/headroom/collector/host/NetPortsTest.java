package io.headroom.collector.host;

import static io.headroom.collector.host.FixtureHost.assertValue;
import static io.headroom.collector.host.FixtureHost.has;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.collector.source.Scrape;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * /proc/net/dev and sys/class/net on the two-socket host, each case written into its files:
 * error and drop counters in both directions, a line gone or unparsable, a speed of 0, an IPoIB
 * interface, a port that vanished before the topology is walked again.
 */
class NetPortsTest {
  private static final String HEAD = "Inter-|   Receive                                                |  Transmit\n"
      + " face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed\n";
  @TempDir Path tmp;
  FixtureHost fx;

  @BeforeEach
  void copy() throws Exception {
    fx = FixtureHost.copy("two-socket", tmp);
  }

  /** A net/dev line: rx bytes, packets, errs, drop, 4 zeros, tx bytes, packets, errs, drop, 4 zeros. */
  private static String line(String name, long rxErrs, long rxDrop, long txErrs, long txDrop) {
    return String.format("%6s: 1000 10 %d %d 0 0 0 0 2000 20 %d %d 0 0 0 0%n", name, rxErrs, rxDrop, txErrs, txDrop);
  }

  private Scrape twoScrapes(HostSource source, String first, String second) throws Exception {
    Files.writeString(fx.proc("net/dev"), HEAD + first);
    FixtureHost.scrape(source, 1000);
    Files.writeString(fx.proc("net/dev"), HEAD + second);
    return FixtureHost.scrape(source, 1002);
  }

  /** Each walk of the fixture also notes its FC port of unknown speed (TwoSocketRatesTest): not this test's. */
  private static List<String> notTheFcPorts(List<String> problems) {
    return problems.stream().filter(p -> !p.contains("/fc_host/")).toList();
  }

  private HostSource source() {
    return new HostSource("h1", null, fx.config());
  }

  @Test
  void errorsAndDiscardsAreBothDirectionsSummed() throws Exception {
    // over 2 s: rx errs +4, tx errs +2 -> 3/s; rx drop +6, tx drop +8 -> 7/s
    Scrape s = twoScrapes(source(), line("ens1f1", 0, 0, 0, 0), line("ens1f1", 4, 6, 2, 8));
    assertValue(3, s, "h1/net/ens1f1", "errors_per_s");
    assertValue(7, s, "h1/net/ens1f1", "discards_per_s");
  }

  /** /proc/net/snmp's two Tcp lines (names, values) with RetransSegs at {@code retrans}, as Linux 6 writes them. */
  private static String snmp(long retrans) {
    return "Ip: Forwarding DefaultTTL InReceives\nIp: 1 64 1000\n"
        + "Tcp: RtoAlgorithm RtoMin RtoMax MaxConn ActiveOpens PassiveOpens AttemptFails EstabResets CurrEstab InSegs"
        + " OutSegs RetransSegs InErrs OutRsts InCsumErrors\n"
        + "Tcp: 1 200 120000 -1 40 12 0 3 5 90000 88000 " + retrans + " 0 7 0\n"
        + "Udp: InDatagrams NoPorts\nUdp: 10 0\n";
  }

  @Test
  void tcpRetransmitsAreTheHostsFromNetSnmp() throws Exception {
    // over 2 s: RetransSegs 500 -> 620, 60/s, on the host's CPU entity (per namespace, not per port)
    Files.writeString(fx.proc("net/snmp"), snmp(500));
    HostSource source = source();
    FixtureHost.scrape(source, 1000);
    Files.writeString(fx.proc("net/snmp"), snmp(620));
    Scrape s = FixtureHost.scrape(source, 1002);
    assertValue(60, s, "h1/cpu", "tcp_retransmits_per_s");
    assertEquals(List.of(), notTheFcPorts(s.problems()));
  }

  @Test
  void withoutNetSnmpThereIsNoRetransmitReadingAndNoProblem() throws Exception {
    Files.deleteIfExists(fx.proc("net/snmp"));
    HostSource source = source();
    FixtureHost.scrape(source, 1000);
    Scrape s = FixtureHost.scrape(source, 1002);
    assertFalse(has(s, "h1/cpu", "tcp_retransmits_per_s"));
    assertEquals(List.of(), notTheFcPorts(s.problems()));
  }

  @Test
  void aPortMissingFromNetDevOrUnparsableThereIsAProblemAndTheOthersStand() throws Exception {
    String others = line("ens1f0", 0, 0, 0, 0) + line("bond0", 0, 0, 0, 0) + line("br0", 0, 0, 0, 0);
    String odd = "ens1f1: 1000 x 0 0 0 0 0 0 2000 20 0 0 0 0 0 0";
    Scrape s = twoScrapes(source(), others + line("ens1f1", 0, 0, 0, 0), odd + "\n" + others.replace(line("br0", 0, 0, 0, 0), ""));
    Path file = fx.proc("net/dev");
    assertEquals(java.util.Set.of(file + ": unparsable line \"" + odd + "\"",
        "h1/net/ens1f1: not in " + file + " (interface gone?)",
        "h1/net/br0: not in " + file + " (interface gone?)"), java.util.Set.copyOf(s.problems()));
    assertValue(0, s, "h1/net/ens1f0", "errors_per_s");
  }

  @Test
  void aSpeedOfZeroOnAnUpHardwarePortIsNoCeiling() throws Exception {
    Path speed = fx.sys("class/net/ens1f1").toRealPath().resolve("speed");
    Files.writeString(speed, "0\n");
    Scrape s = FixtureHost.scrape(source(), 1000);
    assertEquals(null, FixtureHost.entity(s, "h1/net/ens1f1").attrs().get("speed_bps"));
    assertEquals(List.of(speed + ": speed unknown (\"0\"): no ceiling"), notTheFcPorts(s.problems()));
  }

  @Test
  void anIpoibInterfaceIsOfTheInfinibandFabric() throws Exception {
    Path ib0 = Files.createDirectories(fx.sys("class/net/ib0"));
    Files.writeString(ib0.resolve("type"), "32\n"); // ARPHRD_INFINIBAND
    Files.writeString(ib0.resolve("operstate"), "up\n");
    Files.writeString(ib0.resolve("speed"), "100000\n");
    Scrape s = FixtureHost.scrape(source(), 1000);
    assertEquals("infiniband", FixtureHost.entity(s, "h1/net/ib0").attrs().get("fabric"));
    assertEquals("ethernet", FixtureHost.entity(s, "h1/net/ens1f1").attrs().get("fabric"));
  }

  @Test
  void aPortGoneWhenTheTopologyIsWalkedAgainIsNoLongerLookedFor() throws Exception {
    HostSource source = new HostSource("h1", null, fx.config(List.of(), List.of(), Duration.ofSeconds(1)));
    String kept = line("ens1f0", 0, 0, 0, 0) + line("ens1f1", 0, 0, 0, 0) + line("bond0", 0, 0, 0, 0);
    Files.writeString(fx.proc("net/dev"), HEAD + kept + line("br0", 0, 0, 0, 0));
    FixtureHost.scrape(source, 1000);
    Files.delete(fx.sys("class/net/br0"));
    Files.writeString(fx.proc("net/dev"), HEAD + kept);
    Scrape s = FixtureHost.scrape(source, 1002); // 2 s later, past the 1 s refresh: walked again
    assertEquals(List.of(), notTheFcPorts(s.problems()));
    assertFalse(has(s, "h1/net/br0", "rx_bytes_per_s"));
    assertValue(0, s, "h1/net/ens1f1", "rx_bytes_per_s");
  }

  @Test
  void anInterfaceThatVanishesDuringTheWalkIsAProblemAndTheOthersAreFound() throws Exception {
    // a class/net link whose device is gone: resolving it fails as it does when a veth is deleted mid-walk
    Path link = Files.createSymbolicLink(fx.sys("class/net/veth9"), fx.sys("devices/virtual/net/veth9"));
    Scrape s = FixtureHost.scrape(source(), 1000);
    List<String> about = s.problems().stream().filter(p -> p.startsWith(link.toString())).toList();
    assertEquals(1, about.size(), s.problems().toString());
    assertTrue(about.get(0).startsWith(link + ": vanished during discovery: "), about.get(0));
    assertEquals("ethernet", FixtureHost.entity(s, "h1/net/ens1f1").attrs().get("fabric"));
  }
}
