package io.headroom.collector.snmp;

import static io.headroom.collector.snmp.Oids.*;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.OctetString;
import org.snmp4j.smi.Variable;
import org.snmp4j.smi.VariableBinding;

/**
 * Sub-interfaces are not ports: an interface of a physical type (ethernetCsmacd and the like) that
 * is layered on another interface carries that interface's bytes again (a Nimble array's VLAN
 * tg1a.11 carries 96% of tg1a's). What the agent says decides, in this order, and the rule that
 * applied is said:
 *
 * <ol>
 *   <li>ifStackTable: a row higher.lower with a lower layer of the table (RFC 2863);
 *   <li>the name: "P.N" (a dotted numeric suffix) where P is the name of another interface of the
 *       agent (Linux and most NOSes name VLAN and sub-interfaces so);
 *   <li>where the agent's profile says so ({@link AgentProfile#macSharedIsStacked()}), the MAC
 *       address of an interface of lower ifIndex (a Linux bond over its member, Dot Hill agents).
 * </ol>
 *
 * ifConnectorPresent is not a rule: in the real switch walks at hand, real front-panel ports
 * answer false(2) (empty cages), and the Dot Hill and Nimble agents answer true(1) on VLANs and bonds.
 */
final class SubInterfaces {
  private static final Pattern DOTTED = Pattern.compile("^(.+)\\.(\\d+)$");

  private SubInterfaces() {}

  /**
   * The interfaces among {@code candidates} that are layered on another, each with the sentence
   * saying on which and by what rule.
   */
  static Map<Integer, String> of(Set<Integer> candidates, IntTable ifTable, IntTable ifXTable, TableWalk stack,
      AgentProfile profile) {
    Map<Integer, String> out = new LinkedHashMap<>();
    Map<Integer, String> names = names(ifTable, ifXTable);
    int depth = stack.entry().size();
    for (VariableBinding b : stack.bindings()) {
      OID oid = b.getOid();
      if (oid.size() == depth + 3 && oid.get(depth) == IF_STACK_STATUS) {
        int higher = oid.get(depth + 1);
        int lower = oid.get(depth + 2);
        if (candidates.contains(higher) && lower != 0 && names.containsKey(lower)) {
          out.putIfAbsent(higher, "stacked on " + names.get(lower) + " (ifStackTable " + higher + "." + lower + ")");
        }
      }
    }
    Map<String, Integer> byName = new LinkedHashMap<>();
    names.forEach((i, n) -> byName.putIfAbsent(n, i));
    for (int i : candidates) {
      Matcher m = DOTTED.matcher(names.getOrDefault(i, ""));
      Integer parent = m.matches() ? byName.get(m.group(1)) : null;
      if (parent != null && parent != i) {
        out.putIfAbsent(i, "a sub-interface of " + m.group(1) + " (its name is the parent's with ." + m.group(2) + ")");
      }
    }
    if (profile.macSharedIsStacked()) {
      Map<String, Integer> byMac = new LinkedHashMap<>();
      for (int i : new java.util.TreeSet<>(candidates)) {
        Variable phys = ifTable.column(IF_PHYS_ADDRESS).get(i);
        if (phys != null && !(phys instanceof OctetString)) {
          ifTable.wrongType(IF_PHYS_ADDRESS, i, phys.getSyntaxString());
        }
        String mac = mac(phys);
        Integer first = mac == null ? null : byMac.putIfAbsent(mac, i);
        if (first != null) {
          out.putIfAbsent(i, "stacked on " + names.get(first) + " (the same MAC address " + mac + ", "
              + profile.family() + " profile: no ifStackTable)");
        }
      }
    }
    return out;
  }

  private static Map<Integer, String> names(IntTable ifTable, IntTable ifXTable) {
    Map<Integer, String> names = new LinkedHashMap<>();
    ifTable.column(IF_TYPE).keySet().forEach(i -> names.put(i, name(ifTable, ifXTable, i)));
    return names;
  }

  /** An interface's ifName, else its ifDescr, else "if" and its ifIndex. */
  static String name(IntTable ifTable, IntTable ifXTable, int ifIndex) {
    Variable n = ifXTable.column(IF_NAME).get(ifIndex);
    Variable d = ifTable.column(IF_DESCR).get(ifIndex);
    return n != null && !n.toString().isBlank() ? n.toString() : d != null && !d.toString().isBlank() ? d.toString() : "if" + ifIndex;
  }

  /** "00:c0:ff:63:22:ab", or null for an empty or all-zero address. */
  private static String mac(Variable v) {
    if (!(v instanceof OctetString s) || s.length() == 0 || s.toHexString().replace(":", "").matches("0*")) {
      return null;
    }
    return s.toHexString();
  }
}
