package io.headroom.collector.snmp;

import java.util.List;
import org.snmp4j.smi.OID;

/**
 * What one family of SNMP agents does differently, declared as data with the walks that prove it,
 * matched by sysObjectID. The readers decode every object by its MIB's definition and the agent's
 * own other columns; where a family needs more they consult its profile here, never a vendor's
 * name. A new vendor is one profile, one walk, one golden case; docs/devices.md's table of
 * profiles is checked against this list ({@code AgentProfileDocsTest}).
 *
 * @param family the agent family, as docs/devices.md names it
 * @param sysObjectIds sysObjectID values it is matched by: the value itself, or an arc it is under
 *     where the entry ends in ".*"
 * @param creditZero what connUnitPortStatCountBBCreditZero counts on it
 * @param macSharedIsStacked an interface of a physical type sharing its MAC address with one of
 *     lower ifIndex is stacked on it (a Linux bond or VLAN over its member), the agent offering no
 *     ifStackTable to say so
 * @param portsLive where its ports are found
 * @param quirks what else it does differently
 * @param proof the golden cases (collector-snmp/src/test/resources/golden/snmp/) that prove it
 */
public record AgentProfile(String family, List<String> sysObjectIds, CreditZero creditZero, boolean macSharedIsStacked,
    String portsLive, List<String> quirks, List<String> proof) {

  /** FCMGMT-MIB connUnitPortStatCountBBCreditZero: its DESCRIPTION leaves the unit to the vendor. */
  public enum CreditZero {
    /** Transitions into and out of zero credit, two per event (the MIB's reading). */
    TRANSITIONS,
    /** Time at zero credit in 2.5 microsecond ticks (Brocade Fabric OS). */
    TICKS_2_5US
  }

  /** The profiles, first match wins; the last matches every agent. */
  public static final List<AgentProfile> ALL = List.of(
      new AgentProfile("Brocade Fabric OS", List.of("1.3.6.1.4.1.1588.*"), CreditZero.TICKS_2_5US, false,
          "FC ports in FCMGMT-MIB and SW-MIB swFCPortTable, else IF-MIB fibreChannel interfaces",
          List.of("connUnitPortStatCountBBCreditZero counts 2.5 us ticks at zero credit (Fabric OS MIB reference)",
              "swFCPortTxWords/RxWords absent from Fabric OS 8 on"),
          List.of("brocade-4port", "fabos-capture", "fabos6520-capture")),
      new AgentProfile("Dot Hill / Seagate storage controllers (Dell PowerVault ME4, Seagate Exos)",
          List.of("1.3.6.1.4.1.674", "1.3.6.1.4.1.347.2.*"), CreditZero.TRANSITIONS, true,
          "host ports in FCMGMT-MIB connUnitPortTable only (no statistics rows); management eth0 in IF-MIB",
          List.of("connUnitPortSpeed 3, 10, 11 or 255: not kilobytes per second, no unit decidable: no ceiling",
              "iSCSI host ports typed scsi(13) with IQN names",
              "bond0 carries eth0's MAC and counters, ifConnectorPresent true on every interface, no ifStackTable"),
          List.of("dell-me4024-fcmgmt", "seagate-exos4466-fcmgmt")),
      new AgentProfile("any agent (MIB definitions only)", List.of(), CreditZero.TRANSITIONS, false,
          "IF-MIB physical interfaces; FC ports in FCMGMT-MIB", List.of(), List.of("nimble-vlan-subinterfaces")));

  /** The profile of the agent whose sysObjectID this is (null: the agent gave none). */
  static AgentProfile of(OID sysObjectId) {
    if (sysObjectId != null) {
      for (AgentProfile p : ALL) {
        for (String s : p.sysObjectIds) {
          boolean arc = s.endsWith(".*");
          OID o = new OID(arc ? s.substring(0, s.length() - 2) : s);
          if (arc ? sysObjectId.startsWith(o) && sysObjectId.size() > o.size() : sysObjectId.equals(o)) {
            return p;
          }
        }
      }
    }
    return ALL.get(ALL.size() - 1);
  }
}
