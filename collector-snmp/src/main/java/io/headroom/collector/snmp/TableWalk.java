package io.headroom.collector.snmp;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.Variable;
import org.snmp4j.smi.VariableBinding;

/**
 * What one walk of a table returned, in OID order, and why it stopped short if it did.
 *
 * @param incomplete null for a whole table; else why the walk ended before the table's end (the
 *     agent went silent, answered with an error, or returned an OID not after the last)
 * @param nanos for each binding, System.nanoTime() half way between sending the request it
 *     answered and receiving the answer: when the agent read it, as near as this side can tell (a
 *     walk of a large table takes many round trips, so one time for all would skew later columns)
 */
record TableWalk(OID entry, List<VariableBinding> bindings, long[] nanos, String incomplete) {
  TableWalk {
    bindings = List.copyOf(bindings);
    if (nanos.length != bindings.size()) {
      throw new IllegalArgumentException(nanos.length + " times for " + bindings.size() + " bindings");
    }
  }

  static TableWalk empty(OID entry, String incomplete) {
    return new TableWalk(entry, List.of(), new long[0], incomplete);
  }

  boolean complete() {
    return incomplete == null;
  }

  /** One column: the row index (the OID after {@code entry.column}) to its value, in walk order. */
  Map<OID, Variable> column(int column) {
    OID prefix = new OID(entry);
    prefix.append(column);
    Map<OID, Variable> out = new LinkedHashMap<>();
    for (VariableBinding vb : bindings) {
      OID oid = vb.getOid();
      if (oid.size() > prefix.size() && oid.startsWith(prefix)) {
        out.put(new OID(oid.getValue(), prefix.size(), oid.size() - prefix.size()), vb.getVariable());
      }
    }
    return out;
  }
}
