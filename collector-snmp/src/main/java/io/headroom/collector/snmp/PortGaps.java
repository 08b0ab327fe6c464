package io.headroom.collector.snmp;

import static io.headroom.collector.snmp.Oids.*;

import io.headroom.collector.snmp.IfPorts.IfPort;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.snmp4j.smi.Variable;

/**
 * What the IF-MIB did not give, said rather than left silent (degraded lines, "ID: reason"): a
 * port without a ceiling (speed 0, up or down, or no speed column at all), ports without traffic
 * counters, and an agent where no port could be read at all (a walk with malformed rows, or only
 * virtual interfaces).
 */
final class PortGaps {
  private static final long GAUGE32_MAX = 4294967295L;
  private PortGaps() {}

  static List<String> of(String host, List<IfPort> ports, int fcPorts, IntTable ifTable, IntTable ifXTable) {
    List<String> out = new ArrayList<>();
    if (ports.isEmpty() && fcPorts == 0) {
      out.add(host + ": no usable ports: " + whyNone(ifTable));
      return out;
    }
    for (IfPort p : ports) {
      String why = noCeiling(p, ifTable, ifXTable);
      if (why != null) {
        out.add(p.reading().id() + ": no ceiling: " + why);
      }
    }
    List<IfPort> uncounted = ports.stream().filter(p -> !p.reading().counts().containsKey(PortCounter.RX_BYTES)
        && !p.reading().counts().containsKey(PortCounter.TX_BYTES)).toList();
    if (!uncounted.isEmpty() && uncounted.size() == ports.size()) {
      out.add(host + ": no traffic counters on any of its " + ports.size() + " ports (no ifHCInOctets/ifHCOutOctets,"
          + " no ifInOctets/ifOutOctets): port rates not offered");
    } else {
      uncounted.forEach(p -> out.add(p.reading().id() + ": no traffic counters (no ifHCInOctets, no ifInOctets): rates not offered"));
    }
    return out;
  }

  /** Why a port has no ceiling, or null when it has one. */
  static String noCeiling(IfPort p, IntTable ifTable, IntTable ifXTable) {
    if (p.reading().ceiling() > 0) {
      return null;
    }
    Long high = ifXTable.number(IF_HIGH_SPEED, p.ifIndex());
    Long speed = ifTable.number(IF_SPEED, p.ifIndex());
    Object oper = p.reading().entity().attrs().get("oper_status");
    String status = oper == null ? "" : ", oper " + oper;
    if (high == null && speed == null) {
      return "no speed reported (no ifHighSpeed, no ifSpeed)" + status;
    }
    if (speed != null && speed >= GAUGE32_MAX) {
      // ifSpeed at its maximum means "more than I can say": only ifHighSpeed could tell
      return "ifSpeed saturated at " + GAUGE32_MAX + " and " + (high == null ? "no ifHighSpeed" : "ifHighSpeed " + high)
          + status;
    }
    return "speed 0 reported (" + (high == null ? "" : "ifHighSpeed " + high)
        + (high != null && speed != null ? ", " : "") + (speed == null ? "" : "ifSpeed " + speed) + ")" + status;
  }

  private static String whyNone(IntTable ifTable) {
    Map<Integer, Variable> types = ifTable.column(IF_TYPE);
    if (types.isEmpty()) {
      int values = ifTable.column(1).size();
      return "ifTable has no ifType column (" + (values == 0 ? "no ifTable rows" : values + " ifIndex values and nothing else")
          + "): the agent's IF-MIB rows are unusable";
    }
    Map<Long, Integer> byType = new TreeMap<>();
    types.keySet().forEach(i -> {
      Long type = ifTable.number(IF_TYPE, i);
      byType.merge(type == null ? -1L : type, 1, Integer::sum);
    });
    return "none of its " + types.size() + " interfaces is of a physical type (ethernet, fibreChannel, infiniband);"
        + " ifTypes " + byType;
  }
}
