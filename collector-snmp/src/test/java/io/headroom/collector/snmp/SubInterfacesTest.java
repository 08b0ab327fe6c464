package io.headroom.collector.snmp;

import static io.headroom.collector.snmp.Oids.*;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.OctetString;

/**
 * The three rules of {@link SubInterfaces}, each on rows as real agents give them: the Nimble
 * array's (golden snmp/nimble-vlan-subinterfaces), the Seagate controller's
 * (seagate-exos4466-fcmgmt), and an ifStackTable row as RFC 2863 writes it.
 */
class SubInterfacesTest {
  private static final AgentProfile ANY = AgentProfile.of(new OID("1.3.6.1.4.1.37447.3.1")); // Nimble: no profile of its own
  private static final AgentProfile DOT_HILL = AgentProfile.of(new OID("1.3.6.1.4.1.347.2.5730"));

  private static IntTable ifTable(Object... rows) {
    Walks w = Walks.of(IF_ENTRY);
    for (int i = 0; i < rows.length; i += 3) {
      w.put(IF_TYPE + "." + rows[i], 6).put(IF_DESCR + "." + rows[i], rows[i + 1]);
      if (rows[i + 2] != null) {
        w.put(IF_PHYS_ADDRESS + "." + rows[i], OctetString.fromHexStringPairs((String) rows[i + 2]));
      }
    }
    return w.table();
  }

  @Test
  void aDottedNameWithAParentOfThatNameIsAVlanOfIt() {
    // Nimble ifIndex 4 tg1a, 7 tg1a.11 (the same MAC 00e0ed9c5a92), 6 i1; no ifStackTable
    IntTable ifTable = ifTable(4, "tg1a", "00e0ed9c5a92", 6, "i1", "8a02d03f415c", 7, "tg1a.11", "00e0ed9c5a92");
    Map<Integer, String> out = SubInterfaces.of(Set.of(4, 6, 7), ifTable, Walks.none(IFX_ENTRY),
        Walks.of(IF_STACK_ENTRY).walk(), ANY);
    assertEquals(Map.of(7, "a sub-interface of tg1a (its name is the parent's with .11)"), out);
  }

  @Test
  void aDottedNameWithoutSuchAParentIsAPort() {
    // "1.1" and "eth0.5" with no interface named "1" or "eth0": nothing says they are layered
    IntTable ifTable = ifTable(1, "1.1", null, 2, "eth0.5", null);
    assertEquals(Map.of(), SubInterfaces.of(Set.of(1, 2), ifTable, Walks.none(IFX_ENTRY), Walks.of(IF_STACK_ENTRY).walk(), ANY));
  }

  @Test
  void anIfStackRowWithALowerLayerStacksTheHigherOnIt() {
    // ifStackStatus.10.3 active(1): 10 over 3; 3.0: nothing under 3 (RFC 2863 ifStackTable)
    IntTable ifTable = ifTable(3, "xe-0/0/0", null, 10, "data", null);
    TableWalk stack = Walks.of(IF_STACK_ENTRY).put(IF_STACK_STATUS + ".10.3", 1).put(IF_STACK_STATUS + ".3.0", 1).walk();
    assertEquals(Map.of(10, "stacked on xe-0/0/0 (ifStackTable 10.3)"),
        SubInterfaces.of(Set.of(3, 10), ifTable, Walks.none(IFX_ENTRY), stack, ANY));
  }

  @Test
  void aSharedMacStacksOnlyWhereTheProfileSaysSo() {
    // Seagate ifIndex 3 eth0 and 6 bond0 share 00c0ff6322ab (bond0's ifInOctets 650683083 are eth0's)
    IntTable ifTable = ifTable(3, "eth0", "00c0ff6322ab", 4, "eth1", "02c0ff000000", 6, "bond0", "00c0ff6322ab");
    TableWalk noStack = Walks.of(IF_STACK_ENTRY).walk();
    assertEquals(Map.of(6, "stacked on eth0 (the same MAC address 00:c0:ff:63:22:ab, " + DOT_HILL.family()
        + " profile: no ifStackTable)"), SubInterfaces.of(Set.of(3, 4, 6), ifTable, Walks.none(IFX_ENTRY), noStack, DOT_HILL));
    // on an agent of no such profile a shared MAC proves nothing (switch ports often share the base MAC)
    assertEquals(Map.of(), SubInterfaces.of(Set.of(3, 4, 6), ifTable, Walks.none(IFX_ENTRY), noStack, ANY));
  }
}
