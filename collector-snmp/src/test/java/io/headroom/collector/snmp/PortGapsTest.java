package io.headroom.collector.snmp;

import static io.headroom.collector.snmp.Oids.*;
import static io.headroom.collector.snmp.Walks.c32;
import static io.headroom.collector.snmp.Walks.c64;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.collector.snmp.IfPorts.IfPort;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.snmp4j.smi.Gauge32;

/**
 * The degraded lines PortGaps writes for what the IF-MIB left out, from hand-written walks: each
 * line's text follows from the walk's columns as listed beside each case.
 */
class PortGapsTest {
  private static final long SATURATED = 4_294_967_295L; // Gauge32 maximum

  private static final Pushback NO_PUSHBACK =
      new Pushback(Walks.none(DOT3_PAUSE_ENTRY), Walks.none(CPFC_IF_ENTRY), Walks.none(FC_IF_ERROR_ENTRY));

  private static List<String> gaps(IntTable ifTable, IntTable ifXTable, int fcPorts) {
    List<IfPort> ports = IfPorts.read("sw", ifTable, ifXTable, NO_PUSHBACK, false);
    return PortGaps.of("sw", ports, fcPorts, ifTable, ifXTable);
  }

  private static String id(IntTable ifTable, IntTable ifXTable, int ifIndex) {
    return IfPorts.read("sw", ifTable, ifXTable, NO_PUSHBACK, false).stream()
        .filter(p -> p.ifIndex() == ifIndex).findFirst().orElseThrow().reading().id();
  }

  /**
   * ifIndex 1: ethernet, ifHighSpeed 10,000, 64-bit counters: nothing to say. 2: ethernet, oper
   * down (2), ifSpeed 0, ifHighSpeed 0, 32-bit counters: no ceiling. 3: ethernet, ifSpeed
   * saturated, no ifHighSpeed, no counters: no ceiling and no counters. 4: ethernet, no speed
   * column at all, no counters.
   */
  @Test
  void eachPortWithoutACeilingOrCountersIsNamedWithTheColumnsThatSayWhy() {
    IntTable ifTable = Walks.of(IF_ENTRY)
        .put("2.1", "e1").put("2.2", "e2").put("2.3", "e3").put("2.4", "e4")
        .put("3.1", 6).put("3.2", 6).put("3.3", 6).put("3.4", 6)
        .put("5.2", new Gauge32(0)).put("5.3", new Gauge32(SATURATED))
        .put("8.1", 1).put("8.2", 2)
        .put("10.2", c32(10)).put("16.2", c32(20))
        .table();
    IntTable ifXTable = Walks.of(IFX_ENTRY)
        .put("6.1", c64(100)).put("10.1", c64(200))
        .put("15.1", new Gauge32(10_000)).put("15.2", new Gauge32(0))
        .table();
    assertEquals(List.of(
        id(ifTable, ifXTable, 2) + ": no ceiling: speed 0 reported (ifHighSpeed 0, ifSpeed 0), oper down",
        id(ifTable, ifXTable, 3) + ": no ceiling: ifSpeed saturated at 4294967295 and no ifHighSpeed",
        id(ifTable, ifXTable, 4) + ": no ceiling: no speed reported (no ifHighSpeed, no ifSpeed)",
        id(ifTable, ifXTable, 3) + ": no traffic counters (no ifHCInOctets, no ifInOctets): rates not offered",
        id(ifTable, ifXTable, 4) + ": no traffic counters (no ifHCInOctets, no ifInOctets): rates not offered"),
        gaps(ifTable, ifXTable, 0));
  }

  /** A saturated ifSpeed beside an ifHighSpeed of 0, and an ifHighSpeed of 0 alone: both named. */
  @Test
  void aSaturatedIfSpeedWithAZeroIfHighSpeedAndAZeroIfHighSpeedAloneAreSaidApart() {
    IntTable ifTable = Walks.of(IF_ENTRY).put("3.1", 6).put("3.2", 6).put("5.1", new Gauge32(SATURATED))
        .put("10.1", c32(1)).put("10.2", c32(1)).table();
    IntTable ifXTable = Walks.of(IFX_ENTRY).put("15.1", new Gauge32(0)).put("15.2", new Gauge32(0)).table();
    assertEquals(List.of(
        id(ifTable, ifXTable, 1) + ": no ceiling: ifSpeed saturated at 4294967295 and ifHighSpeed 0",
        id(ifTable, ifXTable, 2) + ": no ceiling: speed 0 reported (ifHighSpeed 0)"),
        gaps(ifTable, ifXTable, 0));
  }

  /** Two ports, both without counters: one line for the agent, not one per port. */
  @Test
  void noCountersOnAnyPortIsOneLineForTheAgent() {
    IntTable ifTable = Walks.of(IF_ENTRY).put("3.1", 6).put("3.2", 6).table();
    IntTable ifXTable = Walks.of(IFX_ENTRY).put("15.1", new Gauge32(1000)).put("15.2", new Gauge32(1000)).table();
    assertEquals(List.of("sw: no traffic counters on any of its 2 ports (no ifHCInOctets/ifHCOutOctets,"
        + " no ifInOctets/ifOutOctets): port rates not offered"), gaps(ifTable, ifXTable, 0));
  }

  /** Only virtual interfaces: 2 loopbacks (24) and a propVirtual (53), counted by type. */
  @Test
  void onlyVirtualInterfacesAreCountedByType() {
    IntTable ifTable = Walks.of(IF_ENTRY).put("3.1", 24).put("3.2", 53).put("3.3", 24).table();
    assertEquals(List.of("sw: no usable ports: none of its 3 interfaces is of a physical type (ethernet, fibreChannel,"
        + " infiniband); ifTypes {24=2, 53=1}"), gaps(ifTable, Walks.none(IFX_ENTRY), 0));
  }

  /** An ifTable without its ifType column: with 2 ifIndex values, and with no rows at all. */
  @Test
  void anIfTableWithoutTypesSaysWhatItHad() {
    IntTable indexOnly = Walks.of(IF_ENTRY).put("1.1", 1).put("1.2", 2).table();
    assertEquals(List.of("sw: no usable ports: ifTable has no ifType column (2 ifIndex values and nothing else):"
        + " the agent's IF-MIB rows are unusable"), gaps(indexOnly, Walks.none(IFX_ENTRY), 0));
    assertEquals(List.of("sw: no usable ports: ifTable has no ifType column (no ifTable rows):"
        + " the agent's IF-MIB rows are unusable"), gaps(Walks.none(IF_ENTRY), Walks.none(IFX_ENTRY), 0));
  }

  /** No IF-MIB port but one FC port (FCMGMT-MIB): the agent has ports, nothing to say. */
  @Test
  void oneFcPortIsEnoughToHavePorts() {
    assertEquals(List.of(), gaps(Walks.none(IF_ENTRY), Walks.none(IFX_ENTRY), 1));
  }
}
