package io.headroom.collector.snmp;

import io.headroom.collector.source.IdPart;
import static io.headroom.collector.snmp.Oids.*;

import io.headroom.collector.snmp.IfPorts.IfPort;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.Variable;

/**
 * LLDP-MIB neighbours as {@code cabled_to} relations: the local port (lldpRemLocalPortNum, mapped
 * to an IF-MIB port through lldpLocPortTable) to {@code <remote sysName>/port/<remote port>}, the id
 * an snmp source with {@code host:} set to that system's name gives the port. The remote port is
 * its lldpRemPortId when that is an interface name, else its description, else its id.
 */
final class LldpNeighbours {
  record Cable(String from, String to) {}

  private LldpNeighbours() {}

  /** @param remoteTypes where an lldpRemPortIdSubtype of another type than INTEGER is kept, to be said */
  static List<Cable> read(TableWalk remote, IntTable local, List<IfPort> ports, WrongTypes remoteTypes) {
    Map<Integer, String> localIds = localPorts(local, ports);
    Map<OID, Variable> sysNames = remote.column(LLDP_REM_SYS_NAME);
    Map<OID, Variable> portIds = remote.column(LLDP_REM_PORT_ID);
    Map<OID, Variable> portSubtypes = remote.column(LLDP_REM_PORT_ID_SUBTYPE);
    Map<OID, Variable> portDescs = remote.column(LLDP_REM_PORT_DESC);
    List<Cable> out = new ArrayList<>();
    for (Map.Entry<OID, Variable> e : sysNames.entrySet()) {
      OID index = e.getKey(); // timeMark.localPortNum.remIndex
      if (index.size() != 3 || e.getValue().toString().isBlank()) {
        continue;
      }
      String from = localIds.get(index.get(1));
      Variable subtype = portSubtypes.get(index);
      Long subtypeNumber = IntTable.number(subtype);
      if (subtype != null && subtypeNumber == null) {
        remoteTypes.saw(LLDP_REM_PORT_ID_SUBTYPE, index, subtype.getSyntaxString());
      }
      String port = remotePort(subtypeNumber, portIds.get(index), portDescs.get(index));
      if (from != null && port != null) {
        out.add(new Cable(from, IdPart.of(shortName(e.getValue().toString())) + "/port/" + IdPart.of(port)));
      }
    }
    return out;
  }

  private static Map<Integer, String> localPorts(IntTable local, List<IfPort> ports) {
    Map<String, String> byName = new HashMap<>();
    Map<Integer, String> byIfIndex = new HashMap<>();
    for (IfPort p : ports) {
      byName.putIfAbsent(p.ifName(), p.reading().id());
      Object descr = p.reading().entity().attrs().get("if_descr");
      if (descr != null) {
        byName.putIfAbsent(descr.toString(), p.reading().id());
      }
      byIfIndex.put(p.ifIndex(), p.reading().id());
    }
    Map<Integer, String> out = new HashMap<>();
    for (Map.Entry<Integer, Variable> e : local.column(LLDP_LOC_PORT_ID).entrySet()) {
      int portNum = e.getKey();
      Long subtype = local.number(LLDP_LOC_PORT_ID_SUBTYPE, portNum);
      Variable desc = local.get(LLDP_LOC_PORT_DESC, portNum);
      String id = isInterfaceName(subtype) ? byName.get(e.getValue().toString()) : null;
      if (id == null && desc != null) {
        id = byName.get(desc.toString());
      }
      if (id == null) {
        id = byIfIndex.get(portNum); // many agents number LLDP ports by ifIndex
      }
      if (id != null) {
        out.put(portNum, id);
      }
    }
    return out;
  }

  /** A port id subtype of interfaceName(5); a subtype of another type than INTEGER (null) is not one. */
  private static boolean isInterfaceName(Long n) {
    return n != null && n == LLDP_PORT_ID_INTERFACE_NAME;
  }

  private static String remotePort(Long subtype, Variable id, Variable desc) {
    if (isInterfaceName(subtype) && id != null) {
      return id.toString();
    }
    if (desc != null && !desc.toString().isBlank()) {
      return desc.toString();
    }
    return id == null ? null : id.toString();
  }

  /** "sw2.lab.example" is host sw2 in the testbed. */
  private static String shortName(String sysName) {
    int dot = sysName.indexOf('.');
    return dot > 0 ? sysName.substring(0, dot) : sysName;
  }
}
