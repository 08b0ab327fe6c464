package io.headroom.collector.snmp;

import io.headroom.collector.source.IdPart;
import static io.headroom.collector.snmp.Oids.*;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.collector.snmp.IfPorts.IfPort;
import io.headroom.collector.snmp.LldpNeighbours.Cable;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * LLDP neighbours as cables, from hand-written lldpLocPortTable and lldpRemTable walks. Local
 * ports (lldpLocPortNum: subtype, id, description) and which IF-MIB port each is found as:
 *
 * <pre>
 * 1    5 interfaceName  xe-0/0/1               by name             sw/port/xe-0/0/1
 * 2    7 local          abc, "Ethernet One"    by description      sw/port/Eth1
 * 3    5 interfaceName  nowhere, "nowhere"     not found           (its neighbour is dropped)
 * 4    5 interfaceName  xe-0/0/0               by name, the first port of that name
 * 5    1 alias          x, "xe-0/0/0 descr"    by ifDescr          sw/port/xe-0/0/0
 * 513  3 macAddress     00:11                  by ifIndex 513      sw/port/xe-0/0/0
 * </pre>
 */
class LldpNeighboursTest {
  private static IfPort port(int ifIndex, String name, String id, String descr) {
    Map<String, Object> attrs = descr == null ? Map.of() : Map.of("if_descr", descr);
    return new IfPort(ifIndex, name, new PortReading(new Entity(id, EntityKind.NET_PORT, name, attrs, Map.of()), Map.of(), null),
        false);
  }

  private static final List<IfPort> PORTS = List.of(port(513, "xe-0/0/0", "sw/port/xe-0/0/0", "xe-0/0/0 descr"),
      port(514, "xe-0/0/1", "sw/port/xe-0/0/1", null), port(515, "Eth1", "sw/port/Eth1", "Ethernet One"),
      port(516, "xe-0/0/0", "sw/port/if516", null));

  private static IntTable local() {
    return Walks.of(LLDP_LOC_PORT_ENTRY)
        .put("2.1", 5).put("2.2", 7).put("2.3", 5).put("2.4", 5).put("2.5", 1).put("2.513", 3)
        .put("3.1", "xe-0/0/1").put("3.2", "abc").put("3.3", "nowhere").put("3.4", "xe-0/0/0").put("3.5", "x")
        .put("3.513", "00:11")
        .put("4.2", "Ethernet One").put("4.3", "nowhere").put("4.5", "xe-0/0/0 descr").table();
  }

  @Test
  void eachNeighbourOnAKnownLocalPortIsACableToItsSystemsPort() {
    // lldpRemTable rows: timeMark.localPortNum.remIndex
    TableWalk remote = Walks.of(LLDP_REM_ENTRY)
        .put("6.0.1.1", 5).put("6.0.2.1", 3).put("6.0.513.1", 7).put("6.0.4.1", 5).put("6.0.5.1", 5).put("6.0.3.1", 5)
        .put("7.0.1.1", "Ethernet1/1").put("7.0.2.1", "aa:bb").put("7.0.513.1", "p|9").put("7.0.4.1", "e0")
        .put("7.0.3.1", "e1")
        .put("8.0.2.1", "ens1f0").put("8.0.5.1", "  ")
        .put("9.0.1.1", "sw2.lab.example").put("9.0.2.1", "host|a").put("9.0.513.1", "fs1").put("9.0.4.1", ".lead")
        .put("9.0.5.1", "nameless-port").put("9.0.3.1", "unmapped").put("9.0.6.1", "").put("9.0.7", "short index")
        .walk();
    assertEquals(List.of(
        // interfaceName subtype: the port id; the domain is cut from the system name
        new Cable("sw/port/xe-0/0/1", "sw2/port/Ethernet1/1"),
        // a MAC port id: the description names the port; '|' never inside an id: percent-encoded, %7C (IdPart)
        new Cable("sw/port/Eth1", "host%7Ca/port/ens1f0"),
        // local subtype and no description: the id, cleaned
        new Cable("sw/port/xe-0/0/0", "fs1/port/p%7C9"),
        // a name starting with a dot is not cut to nothing
        new Cable("sw/port/xe-0/0/0", ".lead/port/e0")),
        // local 5 has a neighbour with neither port id nor description; local 3 is no known port;
        // 0.6.1 has an empty system name; 9.0.7 is not a three-part index
        LldpNeighbours.read(remote, local(), PORTS, new WrongTypes(LLDP_REM_ENTRY)));
  }

  @Test
  void aNeighbourWithOnlyADescriptionOrOnlyAnIdStillHasAPort() {
    TableWalk remote = Walks.of(LLDP_REM_ENTRY).put("6.0.1.1", 5).put("8.0.1.1", "by description")
        .put("7.0.5.1", "by id").put("9.0.1.1", "a").put("9.0.5.1", "b").walk();
    assertEquals(List.of(new Cable("sw/port/xe-0/0/1", "a/port/by%20description"),
        new Cable("sw/port/xe-0/0/0", "b/port/by%20id")), LldpNeighbours.read(remote, local(), PORTS, new WrongTypes(LLDP_REM_ENTRY)));
  }

  @Test
  void aRemoteSubtypeOfAnotherTypeIsNoInterfaceNameAndIsSaid() {
    // lldpRemPortIdSubtype "5" as text: not interfaceName(5), so the description names the port
    TableWalk remote = Walks.of(LLDP_REM_ENTRY).put("6.0.1.1", "5").put("7.0.1.1", "xe-9").put("8.0.1.1", "desc")
        .put("9.0.1.1", "a").walk();
    WrongTypes types = new WrongTypes(LLDP_REM_ENTRY);
    assertEquals(List.of(new Cable("sw/port/xe-0/0/1", "a/port/desc")), LldpNeighbours.read(remote, local(), PORTS, types));
    assertEquals(List.of("lldpRemPortIdSubtype (1.0.8802.1.1.2.1.4.1.1.6) at index 0.1.1: OCTET STRING where the MIB"
        + " has LldpPortIdSubtype (INTEGER): read as not reported"), types.lines());
  }
}
