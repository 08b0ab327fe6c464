package io.headroom.collector.snmp;

import static io.headroom.collector.snmp.Oids.*;
import static io.headroom.collector.snmp.Walks.c32;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.snmp4j.smi.Gauge32;
import org.snmp4j.smi.OctetString;

/**
 * FC switch ports from FCMGMT-MIB and Brocade's SW-MIB, three ports written by hand:
 *
 * <pre>
 * port  connUnitPortTable            connUnitPortStatTable                   swFCPortTable
 * 1     online, 3200000 kB/s, port0  Tx 1000 Rx 2000 CRC 3 LinkF 4 C3 5 BB 600 TxWords 777 (FCMGMT wins)
 * 2     diagnostics, speed 0         Tx, Rx, CRC unsupported; BB 7 bytes     name sw2, TxWords 100 RxWords 200 NoTxCred 9 CRCs 11
 * 3     state 6 (no such state)      Tx unsupported                          C3Discards 12
 * </pre>
 */
class FcPortsTest {
  private static final AgentProfile BROCADE = AgentProfile.of(new org.snmp4j.smi.OID("1.3.6.1.4.1.1588.2.1.1.1"));
  private static final AgentProfile ANY_AGENT = AgentProfile.of(new org.snmp4j.smi.OID("1.3.6.1.4.1.9.1.1"));

  /** connUnitId: 16 octets, the first components of every FCMGMT-MIB row index. */
  private static final String UNIT = "16.0.0.5.30.0.0.0.0.0.0.0.0.0.0.0.";
  private static final OctetString UNSUPPORTED = new OctetString(new byte[] {(byte) 0x80, 0, 0, 0, 0, 0, 0, 0});

  private static OctetString fc(long v) {
    return new OctetString(ByteBuffer.allocate(8).putLong(v).array());
  }

  private static IntTable config() {
    return IntTable.byLastIndex(Walks.of(CONN_UNIT_PORT_ENTRY)
        .put("6." + UNIT + "1", 2).put("6." + UNIT + "2", 5).put("6." + UNIT + "3", 6)
        .put("15." + UNIT + "1", new Gauge32(3_200_000)).put("15." + UNIT + "2", new Gauge32(0))
        .put("17." + UNIT + "1", "port0").put("17." + UNIT + "2", " ").walk());
  }

  private static IntTable stats() {
    return IntTable.byLastIndex(Walks.of(CONN_UNIT_PORT_STAT_ENTRY)
        .put("6." + UNIT + "1", fc(1000)).put("6." + UNIT + "2", UNSUPPORTED).put("6." + UNIT + "3", UNSUPPORTED)
        .put("7." + UNIT + "1", fc(2000)).put("7." + UNIT + "2", UNSUPPORTED)
        .put("8." + UNIT + "1", fc(600)).put("8." + UNIT + "2", new OctetString(new byte[7]))
        .put("28." + UNIT + "1", fc(5)).put("39." + UNIT + "1", fc(4))
        .put("40." + UNIT + "1", fc(3)).put("40." + UNIT + "2", UNSUPPORTED).walk());
  }

  private static IntTable sw() {
    return Walks.of(SW_FC_PORT_ENTRY).put("4.2", 1).put("4.3", 1).put("11.1", c32(777)).put("11.2", c32(100))
        .put("12.2", c32(200)).put("20.2", c32(9)).put("22.2", c32(11)).put("28.3", c32(12)).put("36.2", "sw2").table();
  }

  /** value x scale / bits, per counter. */
  private static Map<PortCounter, String> counts(PortReading p) {
    Map<PortCounter, String> out = new TreeMap<>();
    p.counts().forEach((c, n) -> out.put(c, n.value() + "x" + n.scale() + "/" + n.bits()));
    return out;
  }

  @Test
  void fcmgmtCountersFirstSwMibWhereFcmgmtSaysUnsupported() {
    FcPorts.FcRead r = FcPorts.read("sw", config(), stats(), sw(), BROCADE);
    assertEquals(List.of("sw/fc/1", "sw/fc/2", "sw/fc/3"), r.ports().stream().map(PortReading::id).toList());
    // Brocade: connUnitPortStatCountBBCreditZero is 2.5 us ticks at zero credit
    assertEquals(new TreeMap<>(Map.of(PortCounter.TX_BYTES, "1000x1.0/64", PortCounter.RX_BYTES, "2000x1.0/64",
        PortCounter.CRC_ERRORS, "3x1.0/64", PortCounter.LINK_FAILURES, "4x1.0/64", PortCounter.CLASS3_DISCARDS, "5x1.0/64",
        PortCounter.CREDIT_ZERO_TICKS, "600x1.0/64")), counts(r.ports().get(0)));
    // port 2: SW-MIB words are 4 bytes each; its 7-byte BB counter is no counter at all
    assertEquals(new TreeMap<>(Map.of(PortCounter.TX_BYTES, "100x4.0/32", PortCounter.RX_BYTES, "200x4.0/32",
        PortCounter.NO_TX_CREDITS, "9x1.0/32", PortCounter.CRC_ERRORS, "11x1.0/32")), counts(r.ports().get(1)));
    assertEquals(Map.of(PortCounter.CLASS3_DISCARDS, "12x1.0/32"), counts(r.ports().get(2)));
    assertEquals(stats().nanos(STAT_COUNT_TX_ELEMENTS, 1), r.ports().get(0).counts().get(PortCounter.TX_BYTES).nanos());
    assertEquals(sw().nanos(SW_FC_PORT_TX_WORDS, 2), r.ports().get(1).counts().get(PortCounter.TX_BYTES).nanos());
    // ports 2 (speed 0) and 3 (no speed) have no ceiling, said; then Tx unsupported on ports 2 and 3,
    // Rx and CRC on port 2, in column-name order
    assertEquals(List.of("sw/fc/2: no ceiling: connUnitPortSpeed 0", "sw/fc/3: no ceiling: connUnitPortSpeed not given",
        "sw: FCMGMT-MIB connUnitPortStatCountInvalidCRC unsupported (0x80 00..) on 1 ports",
        "sw: FCMGMT-MIB connUnitPortStatCountRxElements unsupported (0x80 00..) on 1 ports, traffic from SW-MIB where it has swFCPortTxWords",
        "sw: FCMGMT-MIB connUnitPortStatCountTxElements unsupported (0x80 00..) on 2 ports, traffic from SW-MIB where it has swFCPortTxWords"),
        r.notes());
  }

  @Test
  void anFcCounterOfAnotherSizeOrTypeIsSaidOnceWithItsWholeIndex() {
    IntTable stats = stats();
    FcPorts.read("sw", config(), stats, sw(), BROCADE);
    FcPorts.read("sw", config(), stats, sw(), BROCADE); // read twice, counted once
    // port 2's connUnitPortStatCountBBCreditZero is 7 octets, not the MIB's 8
    assertEquals(List.of("connUnitPortStatCountBBCreditZero (1.3.6.1.3.94.4.5.1.8) at index " + UNIT + "2: OCTET STRING"
        + " of 7 octets where the MIB has OCTET STRING (SIZE (8)): read as not reported"), stats.wrongTypes().lines());
  }

  @Test
  void elsewhereTheBbCreditZeroCountIsTransitionsTwoPerEvent() {
    FcPorts.FcRead r = FcPorts.read("sw", config(), stats(), sw(), ANY_AGENT);
    // 600 transitions in and out of zero credit: scale 0.5, 300 events
    assertEquals("600x0.5/64", counts(r.ports().get(0)).get(PortCounter.NO_TX_CREDITS));
    assertEquals(null, counts(r.ports().get(0)).get(PortCounter.CREDIT_ZERO_TICKS));
    assertEquals("9x1.0/32", counts(r.ports().get(1)).get(PortCounter.NO_TX_CREDITS)); // SW-MIB's, not halved
  }

  @Test
  void speedInKilobytesGivesTheCeilingAndNamesFallBackToSwMibThenTheIndex() {
    List<PortReading> ports = FcPorts.read("sw", config(), stats(), sw(), BROCADE).ports();
    // connUnitPortSpeed 3200000 kB/s: 3.2e9 bytes/s, x 8000 = 2.56e10 bits/s
    assertEquals(new Entity("sw/fc/1", EntityKind.NET_PORT, "port0",
        Map.of("fabric", "fc", "port_index", 1, "port_state", "online", "speed_bps", 2.56e10), Map.of("bytes_per_s", 3.2e9)),
        ports.get(0).entity());
    // port 2: a blank connUnitPortName, SW-MIB's name; speed 0 is no ceiling; state 5, the last named one
    assertEquals(new Entity("sw/fc/2", EntityKind.NET_PORT, "sw2",
        Map.of("fabric", "fc", "port_index", 2, "port_state", "diagnostics"), Map.of()), ports.get(1).entity());
    // port 3: state 6 is past the named states; no name in either MIB
    assertEquals(new Entity("sw/fc/3", EntityKind.NET_PORT, "port index 3", Map.of("fabric", "fc", "port_index", 3), Map.of()),
        ports.get(2).entity());
    assertEquals(null, ports.get(0).discontinuity());
  }

  @Test
  void stateZeroIsNoState() {
    IntTable config = IntTable.byLastIndex(Walks.of(CONN_UNIT_PORT_ENTRY).put("6." + UNIT + "4", 0)
        .put("15." + UNIT + "4", new Gauge32(100_000)).walk());
    // 100,000 kB/s (1GFC, the least speed in the MIB's unit): 1e8 bytes/s, 8e8 bits/s
    assertEquals(List.of(new Entity("sw/fc/4", EntityKind.NET_PORT, "port index 4", Map.of("fabric", "fc", "port_index", 4,
        "speed_bps", 8e8), Map.of("bytes_per_s", 1e8))),
        FcPorts.read("sw", config, Walks.none(CONN_UNIT_PORT_STAT_ENTRY), Walks.none(SW_FC_PORT_ENTRY), BROCADE).ports().stream()
            .map(PortReading::entity).toList());
  }

  @Test
  void noTablesNoPorts() {
    FcPorts.FcRead r = FcPorts.read("sw", Walks.none(CONN_UNIT_PORT_ENTRY), Walks.none(CONN_UNIT_PORT_STAT_ENTRY),
        Walks.none(SW_FC_PORT_ENTRY), BROCADE);
    assertEquals(FcPorts.NONE, r);
  }
}
