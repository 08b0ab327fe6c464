package io.headroom.collector.snmp;

import static io.headroom.collector.snmp.Oids.*;

import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.TreeSet;
import org.snmp4j.smi.OctetString;
import org.snmp4j.smi.Variable;

/**
 * Fibre Channel switch ports from FCMGMT-MIB (connUnitPortTable for name, state and speed,
 * connUnitPortStatTable for 64-bit byte, credit and error counters) and Brocade's SW-MIB
 * swFCPortTable (32-bit word counters and swFCPortNoTxCredits, where Fabric OS still has them).
 * FCMGMT-MIB's counters are preferred; a column a switch marks unsupported (0x80 00..) is taken
 * from SW-MIB instead, else left out. Ports are keyed by the last index component
 * (connUnitPortIndex, swFCPortIndex: on Brocade both are the front-panel port number plus one).
 */
final class FcPorts {
  /** connUnitPortState. */
  private static final String[] STATE = {"", "unknown", "online", "offline", "bypassed", "diagnostics"};

  record FcRead(List<PortReading> ports, List<String> notes) {}

  /** No FC ports from these MIBs (the agent's FC ports are IF-MIB's, as on Cisco MDS). */
  static final FcRead NONE = new FcRead(List.of(), List.of());

  private FcPorts() {}

  /**
   * @param profile the agent's family: what its connUnitPortStatCountBBCreditZero counts (Brocade:
   *     2.5 us ticks at zero credit; the MIB's reading: transitions in and out of zero credit)
   */
  static FcRead read(String host, IntTable config, IntTable stats, IntTable sw, AgentProfile profile) {
    boolean ticks = profile.creditZero() == AgentProfile.CreditZero.TICKS_2_5US;
    TreeSet<Integer> indexes = new TreeSet<>();
    indexes.addAll(stats.column(STAT_COUNT_TX_ELEMENTS).keySet());
    indexes.addAll(config.column(CONN_UNIT_PORT_SPEED).keySet());
    indexes.addAll(sw.column(SW_FC_PORT_OP_STATUS).keySet());
    Map<String, Integer> unsupported = new TreeMap<>();
    List<PortReading> ports = new ArrayList<>();
    List<String> noCounters = new ArrayList<>();
    for (int index : indexes) {
      Map<PortCounter, Count> counts = new EnumMap<>(PortCounter.class);
      Fa fa = new Fa(stats, index, counts, unsupported);
      fa.put(PortCounter.TX_BYTES, STAT_COUNT_TX_ELEMENTS, "connUnitPortStatCountTxElements");
      fa.put(PortCounter.RX_BYTES, STAT_COUNT_RX_ELEMENTS, "connUnitPortStatCountRxElements");
      fa.put(PortCounter.CRC_ERRORS, STAT_COUNT_INVALID_CRC, "connUnitPortStatCountInvalidCRC");
      fa.put(PortCounter.LINK_FAILURES, STAT_COUNT_LINK_FAILURES, "connUnitPortStatCountLinkFailures");
      fa.put(PortCounter.CLASS3_DISCARDS, STAT_COUNT_CLASS3_DISCARDS, "connUnitPortStatCountClass3Discards");
      // Brocade: time at zero credit in 2.5 us ticks; others: transitions in and out, two per event.
      fa.put(ticks ? PortCounter.CREDIT_ZERO_TICKS : PortCounter.NO_TX_CREDITS, STAT_COUNT_BB_CREDIT_ZERO,
          "connUnitPortStatCountBBCreditZero");
      if (!ticks && counts.containsKey(PortCounter.NO_TX_CREDITS)) {
        counts.put(PortCounter.NO_TX_CREDITS, counts.get(PortCounter.NO_TX_CREDITS).scaled(0.5));
      }
      sw32(counts, PortCounter.TX_BYTES, sw, SW_FC_PORT_TX_WORDS, index, 4);
      sw32(counts, PortCounter.RX_BYTES, sw, SW_FC_PORT_RX_WORDS, index, 4);
      sw32(counts, PortCounter.CRC_ERRORS, sw, SW_FC_PORT_RX_CRCS, index, 1);
      sw32(counts, PortCounter.CLASS3_DISCARDS, sw, SW_FC_PORT_C3_DISCARDS, index, 1);
      sw32(counts, PortCounter.NO_TX_CREDITS, sw, SW_FC_PORT_NO_TX_CREDITS, index, 1);
      FcPortKind.Decoded kind = FcPortKind.of(config, index);
      PortReading port = new PortReading(entity(host, index, config, sw, kind), counts, null);
      ports.add(port);
      if (counts.isEmpty()) {
        noCounters.add(port.id() + ": no counters offered (connUnitPortStatTable has no row for port " + index
            + (sw.column(SW_FC_PORT_OP_STATUS).containsKey(index) ? ", SW-MIB none" : "") + "): no readings");
      }
      if (kind.speedNote() != null) {
        noCounters.add(port.id() + ": " + kind.speedNote());
      }
    }
    List<String> notes = new ArrayList<>(noCounters);
    unsupported.forEach((column, n) -> notes.add(host + ": FCMGMT-MIB " + column + " unsupported (0x80 00..) on "
        + n + " ports" + (column.endsWith("Elements") ? ", traffic from SW-MIB where it has swFCPortTxWords" : "")));
    return new FcRead(ports, notes);
  }

  /** One port's FCMGMT-MIB counters: decoded, or counted as unsupported. */
  private record Fa(IntTable stats, int index, Map<PortCounter, Count> counts, Map<String, Integer> unsupported) {
    void put(PortCounter c, int column, String name) {
      Variable v = stats.get(column, index);
      if (FcCounter.isUnsupported(v)) {
        unsupported.merge(name, 1, Integer::sum);
        return;
      }
      OptionalLong value = v == null ? OptionalLong.empty() : FcCounter.decode(v);
      if (value.isPresent()) {
        counts.put(c, Count.c64(value.getAsLong(), stats.nanos(column, index)));
      } else if (v != null) { // decode refuses only another type, or an OCTET STRING of another size
        stats.wrongType(column, index, v instanceof OctetString s ? "OCTET STRING of " + s.length() + " octets" : v.getSyntaxString());
      }
    }
  }

  private static Entity entity(String host, int index, IntTable config, IntTable sw, FcPortKind.Decoded kind) {
    String name = text(config.get(CONN_UNIT_PORT_NAME, index), text(sw.get(SW_FC_PORT_NAME, index), "port index " + index));
    Map<String, Object> attrs = new LinkedHashMap<>();
    attrs.put("fabric", kind.fabric());
    attrs.put("port_index", index);
    if (kind.portType() != null) {
      attrs.put("port_type", kind.portType());
    }
    if (kind.protocol() != null) {
      attrs.put("protocol", kind.protocol());
    }
    Long state = config.number(CONN_UNIT_PORT_STATE, index);
    if (state != null && state > 0 && state < STATE.length) {
      attrs.put("port_state", STATE[state.intValue()]);
    }
    Map<String, Double> capacity = new LinkedHashMap<>();
    if (kind.bytesPerSecond() > 0) {
      capacity.put("bytes_per_s", kind.bytesPerSecond());
      attrs.put("speed_bps", kind.bytesPerSecond() * 8);
    }
    return new Entity(host + "/" + kind.idPart() + "/" + index, EntityKind.NET_PORT, name, attrs, capacity);
  }

  /** A SW-MIB Counter32, only where FCMGMT-MIB gave nothing for it. */
  private static void sw32(Map<PortCounter, Count> counts, PortCounter c, IntTable sw, int column, int index, double scale) {
    Long v = sw.number(column, index);
    if (v != null && !counts.containsKey(c)) {
      counts.put(c, Count.c32(v, sw.nanos(column, index)).scaled(scale));
    }
  }

  private static String text(Variable v, String otherwise) {
    return v == null || v.toString().isBlank() ? otherwise : v.toString();
  }
}
