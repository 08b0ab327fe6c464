package io.headroom.collector.golden;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.headroom.collector.host.HostMetrics;
import io.headroom.collector.snmp.SnmpMetrics;
import io.headroom.collector.source.Discovery;
import io.headroom.collector.source.Scrape;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/** What the golden cases' check of readings against the source's declarations refuses, and what it lets by. */
class GoldenDeclaredTest {
  private static final Discovery SWITCH = new Discovery(List.of(
      Entity.of("sw1/cpu", EntityKind.SWITCH_CPU), Entity.of("sw1/port/1-1", EntityKind.NET_PORT)),
      List.of(), List.of(), List.of());

  @Test
  void readingsOfTheSourcesOwnDeclarationsOnTheirKindsPass() {
    Scrape s = new Scrape(1005);
    s.sample("sw1/cpu", SnmpMetrics.UTIL, 0.25);
    s.sample("sw1/port/1-1", SnmpMetrics.RX, 1.25e9);
    Golden.assertDeclared(SWITCH, s, SnmpMetrics.ALL);
  }

  @Test
  void anotherSourcesDeclarationAKindNotListedAndAnUnreportedEntityAreEachNamed() {
    Scrape s = new Scrape(1005);
    s.sample("sw1/port/1-1", HostMetrics.XMIT_WAIT, 3); // the host source's: the snmp source declares no such metric
    s.sample("sw1/port/1-1", SnmpMetrics.UTIL, 0.5); // util is declared for CPUs, not ports
    s.sample("sw1/cpu/2", SnmpMetrics.UTIL, 0.5); // an entity neither discovery nor the scrape reported
    AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> Golden.assertDeclared(SWITCH, s, SnmpMetrics.ALL));
    assertEquals(List.of(
        "sw1/port/1-1 xmit_wait_per_s: not declared by this source",
        "sw1/port/1-1 util: on a net_port, declared for switch_cpu,array_cpu,host_cpu",
        "sw1/cpu/2 util: on an entity the source never reported"), e.getActual().getValue());
  }
}
