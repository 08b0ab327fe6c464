package io.headroom.collector.snmp;

import static io.headroom.collector.snmp.Oids.*;
import static io.headroom.collector.snmp.Walks.c32;
import static io.headroom.collector.snmp.Walks.c64;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.collector.snmp.IfPorts.IfPort;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.snmp4j.smi.Gauge32;
import org.snmp4j.smi.TimeTicks;

/**
 * IF-MIB ports from hand-written ifTable and ifXTable walks of six interfaces:
 *
 * <pre>
 * ifIndex ifType        ifName / ifDescr        speed                                   counters
 * 1       6 ethernet    Ethernet1/1             ifHighSpeed 10000 Mb/s (ifSpeed saturated) ifX 64-bit
 * 2       24 loopback   lo                      -                                       (not physical)
 * 3       56 fc         fc1/1                   ifHighSpeed 32000                        none
 * 4       62 fastEther  - / eth-old             ifSpeed 1e8                             32-bit only (ifTable, ifXTable)
 * 5       117 gigE      Ethernet1/1 (again)     ifHighSpeed 0, ifSpeed 2^32 - 2          none
 * 6       6             - / blank               ifSpeed 0                               none
 * </pre>
 */
class IfPortsTest {
  private static final long SATURATED = 4_294_967_295L; // Gauge32 maximum: ifSpeed above 4.29 Gb/s

  private static IntTable ifTable() {
    return Walks.of(IF_ENTRY)
        .put("2.1", "Ethernet1/1").put("2.2", "lo").put("2.3", "fc1/1").put("2.4", "eth-old").put("2.6", " ")
        .put("3.1", 6).put("3.2", 24).put("3.3", 56).put("3.4", 62).put("3.5", 117).put("3.6", 6)
        .put("5.1", new Gauge32(SATURATED)).put("5.4", new Gauge32(100_000_000)).put("5.5", new Gauge32(SATURATED - 1))
        .put("5.6", new Gauge32(0))
        .put("8.1", 1).put("8.3", 7).put("8.4", 8).put("8.5", 0)
        .put("10.1", c32(111)).put("10.4", c32(1000)).put("11.4", c32(10)).put("13.1", c32(7))
        .put("14.1", c32(5)).put("16.4", c32(2000)).put("17.4", c32(20)).put("19.1", c32(8)).put("20.1", c32(6))
        .table();
  }

  private static IntTable ifXTable() {
    return Walks.of(IFX_ENTRY)
        .put("1.1", "Ethernet1/1").put("1.3", "fc1/1").put("1.5", "Ethernet1/1")
        .put("2.4", c32(3)).put("3.4", c32(4)).put("4.4", c32(5)).put("5.4", c32(6))
        .put("6.1", c64(1_000_000_000_000L)).put("7.1", c64(100)).put("8.1", c64(101)).put("9.1", c64(102))
        .put("10.1", c64(2_000_000_000_000L)).put("11.1", c64(200)).put("12.1", c64(201)).put("13.1", c64(202))
        .put("15.1", new Gauge32(10_000)).put("15.3", new Gauge32(32_000)).put("15.5", new Gauge32(0))
        .put("18.1", "uplink to sw2").put("18.5", "")
        .put("19.1", new TimeTicks(4242))
        .table();
  }

  private static Pushback pushback() {
    IntTable pause = Walks.of(DOT3_PAUSE_ENTRY).put("3.4", c32(5)).put("4.4", c32(6)).put("5.1", c64(50))
        .put("6.1", c64(60)).table();
    return new Pushback(pause, Walks.none(CPFC_IF_ENTRY), Walks.none(FC_IF_ERROR_ENTRY));
  }

  private static List<IfPort> read(boolean skipFc) {
    return IfPorts.read("sw", ifTable(), ifXTable(), pushback(), skipFc);
  }

  private static Map<PortCounter, Long> values(IfPort p) {
    Map<PortCounter, Long> out = new TreeMap<>();
    p.reading().counts().forEach((c, n) -> out.put(c, n.value()));
    return out;
  }

  @Test
  void physicalPortsOnlyATwiceUsedNameIsToldApartByIfIndex() {
    // lo (type 24) is left out; ifIndex 5 repeats ifName Ethernet1/1 so its id is if5; 6 has no name at all
    assertEquals(List.of("sw/port/Ethernet1/1", "sw/port/fc1/1", "sw/port/eth-old", "sw/port/if5", "sw/port/if6"),
        read(false).stream().map(p -> p.reading().id()).toList());
    assertEquals(List.of(1, 4, 5, 6), read(true).stream().map(IfPort::ifIndex).toList());
    assertEquals("Ethernet1/1", read(false).get(3).ifName());
  }

  @Test
  void ifHighSpeedGivesTheCeilingAndTheAttributesComeFromBothTables() {
    Map<String, Object> attrs = new LinkedHashMap<>();
    attrs.put("fabric", "ethernet");
    attrs.put("if_index", 1);
    attrs.put("if_descr", "Ethernet1/1");
    attrs.put("if_alias", "uplink to sw2");
    attrs.put("oper_status", "up");
    attrs.put("speed_bps", 1e10); // 10000 Mb/s x 1e6
    // 1e10 bits/s / 8 = 1.25e9 bytes/s
    assertEquals(new Entity("sw/port/Ethernet1/1", EntityKind.NET_PORT, "Ethernet1/1", attrs, Map.of("bytes_per_s", 1.25e9)),
        read(false).get(0).reading().entity());
  }

  @Test
  void fcSpeedNamesThePayloadAndOperStatusOutsideOneToSevenIsLeftOut() {
    Entity fc = read(false).get(1).reading().entity();
    // 32000 Mb/s = 3.2e10 bits/s; FC carries speed / 10 = 3.2e9 bytes/s
    assertEquals(Map.of("bytes_per_s", 3.2e9), fc.capacity());
    assertEquals("fc", fc.attrs().get("fabric"));
    assertEquals("lowerLayerDown", fc.attrs().get("oper_status")); // 7, the last named state
    assertNull(read(false).get(2).reading().entity().attrs().get("oper_status")); // 8: no such state
    assertNull(read(false).get(3).reading().entity().attrs().get("oper_status")); // 0: no such state
  }

  @Test
  void ifSpeedIsUsedBelowItsMaximumOnly() {
    // ifIndex 4: ifSpeed 1e8 bits/s, no ifHighSpeed: 1.25e7 bytes/s
    assertEquals(Map.of("bytes_per_s", 1.25e7), read(false).get(2).reading().entity().capacity());
    // ifIndex 5: ifHighSpeed 0, ifSpeed 2^32 - 2 = 4294967294 bits/s, / 8 = 536870911.75 bytes/s
    Entity five = read(false).get(3).reading().entity();
    assertEquals(4_294_967_294.0, five.attrs().get("speed_bps"));
    assertEquals(Map.of("bytes_per_s", 536_870_911.75), five.capacity());
    assertNull(five.attrs().get("if_alias"), "an empty ifAlias is no alias");
    // ifIndex 6: ifSpeed 0 and a blank ifDescr: named by ifIndex, no speed, no ceiling, no descr
    Entity six = read(false).get(4).reading().entity();
    assertEquals("if6", six.name());
    assertEquals(Map.of("fabric", "ethernet", "if_index", 6), six.attrs());
    assertEquals(Map.of(), six.capacity());
    // saturated ifSpeed with no ifHighSpeed: unknown, not 4.29 Gb/s
    assertEquals(0.0, IfPorts.speedBps(SATURATED, null));
    assertEquals(0.0, IfPorts.speedBps(null, null));
  }

  @Test
  void ifXTables64BitCountersWinOverIfTables32BitOnes() {
    IfPort p = read(false).get(0);
    Map<PortCounter, Long> expected = new TreeMap<>(Map.of(PortCounter.RX_BYTES, 1_000_000_000_000L,
        PortCounter.TX_BYTES, 2_000_000_000_000L, PortCounter.RX_UCAST, 100L, PortCounter.RX_MCAST, 101L,
        PortCounter.RX_BCAST, 102L, PortCounter.TX_UCAST, 200L, PortCounter.TX_MCAST, 201L, PortCounter.TX_BCAST, 202L,
        PortCounter.RX_ERRORS, 5L, PortCounter.TX_ERRORS, 6L));
    expected.putAll(Map.of(PortCounter.RX_DISCARDS, 7L, PortCounter.TX_DISCARDS, 8L, PortCounter.RX_PAUSE, 50L,
        PortCounter.TX_PAUSE, 60L));
    assertEquals(expected, values(p)); // ifInOctets 111 is not read: ifHCInOctets is there
    assertEquals(64, p.reading().counts().get(PortCounter.RX_BYTES).bits());
    assertEquals(32, p.reading().counts().get(PortCounter.RX_ERRORS).bits());
    assertEquals(64, p.reading().counts().get(PortCounter.RX_PAUSE).bits());
    assertEquals(ifXTable().nanos(IF_HC_IN_OCTETS, 1), p.reading().counts().get(PortCounter.RX_BYTES).nanos());
    assertEquals(ifTable().nanos(IF_IN_ERRORS, 1), p.reading().counts().get(PortCounter.RX_ERRORS).nanos());
    assertEquals(4242L, p.reading().discontinuity());
    assertFalse(p.only32Bit());
  }

  @Test
  void withoutAnIfXTableRowTheOctetsAre32BitAndThePortSaysSo() {
    IfPort p = read(false).get(2);
    // ifTable's octets and unicast packets, ifXTable's 32-bit multicast and broadcast packets
    assertEquals(new TreeMap<>(Map.of(PortCounter.RX_BYTES, 1000L, PortCounter.TX_BYTES, 2000L, PortCounter.RX_UCAST, 10L,
        PortCounter.TX_UCAST, 20L, PortCounter.RX_MCAST, 3L, PortCounter.RX_BCAST, 4L, PortCounter.TX_MCAST, 5L,
        PortCounter.TX_BCAST, 6L, PortCounter.RX_PAUSE, 5L, PortCounter.TX_PAUSE, 6L)), values(p));
    assertEquals(32, p.reading().counts().get(PortCounter.TX_BCAST).bits());
    assertEquals(32, p.reading().counts().get(PortCounter.RX_BYTES).bits());
    assertEquals(32, p.reading().counts().get(PortCounter.RX_PAUSE).bits());
    assertTrue(p.only32Bit());
    assertNull(p.reading().discontinuity());
    // no octet counter at all: not "32-bit only", there is nothing to wrap
    assertFalse(read(false).get(4).only32Bit());
  }

  /**
   * A value of another type than its column's (SnmpVarbindFuzzTest's crash-a05af218...: an OCTET
   * STRING as ifInOctets, which threw UnsupportedOperationException and aborted the scrape) is read
   * as not reported; the rest of the port stands.
   */
  @Test
  void aValueOfAnotherTypeIsReadAsNotReported() {
    IntTable ifTable = Walks.of(IF_ENTRY).put("2.4", "eth-old").put("3.4", 62).put("5.4", "fast")
        .put("8.4", new org.snmp4j.smi.OctetString("up")).put("10.4", "1000").put("16.4", c32(2000)).table();
    IntTable typeAsText = Walks.of(IF_ENTRY).put("2.7", "odd").put("3.7", "ethernet").table();
    IfPort p = IfPorts.read("sw", ifTable, Walks.none(IFX_ENTRY), pushback(), false).get(0);
    assertEquals("sw/port/eth-old", p.reading().id());
    assertFalse(p.reading().counts().containsKey(PortCounter.RX_BYTES)); // ifInOctets "1000": text
    assertEquals(2000, p.reading().counts().get(PortCounter.TX_BYTES).value());
    assertNull(p.reading().entity().attrs().get("oper_status")); // ifOperStatus "up": text
    assertEquals(Map.of(), p.reading().entity().capacity()); // ifSpeed "fast": text, no ceiling
    assertEquals(List.of(), IfPorts.read("sw", typeAsText, Walks.none(IFX_ENTRY), pushback(), false)); // not physical
  }
}
