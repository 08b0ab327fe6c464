package io.headroom.collector.snmp;

import io.headroom.collector.source.IdPart;
import static io.headroom.collector.snmp.Oids.*;

import io.headroom.model.Ceilings;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.snmp4j.smi.Variable;

/**
 * IF-MIB ports: ifTable for names, status, errors and discards (and the 32-bit octet counters
 * where the agent has no ifXTable row), ifXTable for the 64-bit counters, ifHighSpeed and ifAlias,
 * and the {@link Pushback} tables (pause and PFC frames, Cisco FC transmit wait). Physical ports only: Ethernet, InfiniBand and Fibre Channel
 * interface types; virtual, tunnel and aggregate interfaces would count the same bytes twice.
 */
final class IfPorts {
  /** IANAifType: ethernetCsmacd 6, fastEther 62, fastEtherFX 69, gigabitEthernet 117, fibreChannel 56, infiniband 199. */
  private static final Map<Integer, String> PHYSICAL = Map.of(6, "ethernet", 62, "ethernet", 69, "ethernet",
      117, "ethernet", IFTYPE_FIBRE_CHANNEL, "fc", 199, "infiniband");
  private static final long GAUGE32_MAX = 4294967295L;
  private static final String[] OPER_STATUS = {"", "up", "down", "testing", "unknown", "dormant", "notPresent", "lowerLayerDown"};

  /** A port as read, and the ifIndex it came from (LLDP maps local ports through it). */
  record IfPort(int ifIndex, String ifName, PortReading reading, boolean only32Bit) {}

  private IfPorts() {}

  /**
   * @param skipFc leave out fibreChannel interfaces (the FC MIBs gave the ports, with their own counters)
   */
  static List<IfPort> read(String host, IntTable ifTable, IntTable ifXTable, Pushback pushback, boolean skipFc) {
    return read(host, ifTable, ifXTable, pushback, skipFc, Map.of());
  }

  /** The interfaces of a physical type, less those layered on another ({@link SubInterfaces}). */
  static Set<Integer> physical(IntTable ifTable) {
    Set<Integer> out = new java.util.TreeSet<>();
    for (int i : ifTable.column(IF_TYPE).keySet()) {
      if (fabric(ifTable.number(IF_TYPE, i)) != null) {
        out.add(i);
      }
    }
    return out;
  }

  /**
   * @param layered interfaces layered on another ({@link SubInterfaces}), left out: their bytes are
   *     their parents'
   */
  static List<IfPort> read(String host, IntTable ifTable, IntTable ifXTable, Pushback pushback, boolean skipFc,
      Map<Integer, String> layered) {
    Map<Integer, Variable> names = ifXTable.column(IF_NAME);
    Map<Integer, Variable> descrs = ifTable.column(IF_DESCR);
    Set<String> seen = new HashSet<>();
    List<IfPort> out = new ArrayList<>();
    for (int ifIndex : ifTable.column(IF_TYPE).keySet()) {
      String fabric = fabric(ifTable.number(IF_TYPE, ifIndex));
      if (fabric == null || (skipFc && fabric.equals("fc")) || layered.containsKey(ifIndex)) {
        continue;
      }
      String name = text(names.get(ifIndex), text(descrs.get(ifIndex), "if" + ifIndex));
      String idPart = seen.add(name) ? IdPart.of(name) : "if" + ifIndex; // two ports of one name: tell them apart
      out.add(port(host + "/port/" + idPart, name, ifIndex, fabric, ifTable, ifXTable, pushback));
    }
    return out;
  }

  private static IfPort port(String id, String name, int ifIndex, String fabric, IntTable ifTable, IntTable ifXTable,
      Pushback pushback) {
    Map<String, Object> attrs = new LinkedHashMap<>();
    attrs.put("fabric", fabric);
    attrs.put("if_index", ifIndex);
    putText(attrs, "if_descr", ifTable.column(IF_DESCR).get(ifIndex));
    putText(attrs, "if_alias", ifXTable.column(IF_ALIAS).get(ifIndex));
    Long oper = ifTable.number(IF_OPER_STATUS, ifIndex);
    if (oper != null && oper > 0 && oper < OPER_STATUS.length) {
      attrs.put("oper_status", OPER_STATUS[oper.intValue()]);
    }
    Map<String, Double> capacity = new LinkedHashMap<>();
    double bps = speedBps(ifTable.number(IF_SPEED, ifIndex), ifXTable.number(IF_HIGH_SPEED, ifIndex));
    if (bps > 0) {
      attrs.put("speed_bps", bps);
      // FC speeds name the payload: a fibreChannel interface at 32000 Mb/s carries 3.2e9 bytes/s, not 4e9
      capacity.put("bytes_per_s", Ceilings.port(fabric, bps));
    }
    Map<PortCounter, Count> counts = new EnumMap<>(PortCounter.class);
    boolean hc = ifXTable.column(IF_HC_IN_OCTETS).containsKey(ifIndex);
    if (hc) {
      put64(counts, PortCounter.RX_BYTES, ifXTable, IF_HC_IN_OCTETS, ifIndex);
      put64(counts, PortCounter.TX_BYTES, ifXTable, IF_HC_OUT_OCTETS, ifIndex);
      put64(counts, PortCounter.RX_UCAST, ifXTable, IF_HC_IN_UCAST_PKTS, ifIndex);
      put64(counts, PortCounter.RX_MCAST, ifXTable, IF_HC_IN_MULTICAST_PKTS, ifIndex);
      put64(counts, PortCounter.RX_BCAST, ifXTable, IF_HC_IN_BROADCAST_PKTS, ifIndex);
      put64(counts, PortCounter.TX_UCAST, ifXTable, IF_HC_OUT_UCAST_PKTS, ifIndex);
      put64(counts, PortCounter.TX_MCAST, ifXTable, IF_HC_OUT_MULTICAST_PKTS, ifIndex);
      put64(counts, PortCounter.TX_BCAST, ifXTable, IF_HC_OUT_BROADCAST_PKTS, ifIndex);
    } else {
      put32(counts, PortCounter.RX_BYTES, ifTable, IF_IN_OCTETS, ifIndex);
      put32(counts, PortCounter.TX_BYTES, ifTable, IF_OUT_OCTETS, ifIndex);
      put32(counts, PortCounter.RX_UCAST, ifTable, IF_IN_UCAST_PKTS, ifIndex);
      put32(counts, PortCounter.TX_UCAST, ifTable, IF_OUT_UCAST_PKTS, ifIndex);
      put32(counts, PortCounter.RX_MCAST, ifXTable, IF_IN_MULTICAST_PKTS, ifIndex);
      put32(counts, PortCounter.RX_BCAST, ifXTable, IF_IN_BROADCAST_PKTS, ifIndex);
      put32(counts, PortCounter.TX_MCAST, ifXTable, IF_OUT_MULTICAST_PKTS, ifIndex);
      put32(counts, PortCounter.TX_BCAST, ifXTable, IF_OUT_BROADCAST_PKTS, ifIndex);
    }
    put32(counts, PortCounter.RX_ERRORS, ifTable, IF_IN_ERRORS, ifIndex);
    put32(counts, PortCounter.TX_ERRORS, ifTable, IF_OUT_ERRORS, ifIndex);
    put32(counts, PortCounter.RX_DISCARDS, ifTable, IF_IN_DISCARDS, ifIndex);
    put32(counts, PortCounter.TX_DISCARDS, ifTable, IF_OUT_DISCARDS, ifIndex);
    pushback.addTo(counts, ifIndex);
    Long disc = ifXTable.number(IF_COUNTER_DISCONTINUITY_TIME, ifIndex);
    Entity entity = new Entity(id, EntityKind.NET_PORT, name, attrs, capacity);
    PortReading reading = new PortReading(entity, counts, disc);
    return new IfPort(ifIndex, name, reading, !hc && counts.containsKey(PortCounter.RX_BYTES));
  }

  /** The fabric of a physical ifType; null for another type, or an ifType that is not a number (null). */
  private static String fabric(Long type) {
    return type == null || type < 0 || type > Integer.MAX_VALUE ? null : PHYSICAL.get(type.intValue());
  }

  /** ifHighSpeed (Mb/s) where the agent gives it, else ifSpeed unless it is saturated at its maximum. */
  static double speedBps(Long ifSpeed, Long ifHighSpeed) {
    if (ifHighSpeed != null && ifHighSpeed > 0) {
      return ifHighSpeed * 1e6;
    }
    if (ifSpeed != null && ifSpeed > 0 && ifSpeed < GAUGE32_MAX) {
      return ifSpeed;
    }
    return 0;
  }

  static void put64(Map<PortCounter, Count> counts, PortCounter c, IntTable table, int column, int ifIndex) {
    Long v = table.number(column, ifIndex);
    if (v != null) {
      counts.put(c, Count.c64(v, table.nanos(column, ifIndex)));
    }
  }

  static void put32(Map<PortCounter, Count> counts, PortCounter c, IntTable table, int column, int ifIndex) {
    Long v = table.number(column, ifIndex);
    if (v != null) {
      counts.put(c, Count.c32(v, table.nanos(column, ifIndex)));
    }
  }

  private static String text(Variable v, String otherwise) {
    return v == null || v.toString().isBlank() ? otherwise : v.toString();
  }

  private static void putText(Map<String, Object> attrs, String key, Variable v) {
    if (v != null && !v.toString().isBlank()) {
      attrs.put(key, v.toString());
    }
  }
}
