package io.headroom.collector.snmp;

import java.util.ArrayList;
import java.util.List;
import org.snmp4j.smi.Counter32;
import org.snmp4j.smi.Counter64;
import org.snmp4j.smi.Integer32;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.OctetString;
import org.snmp4j.smi.Variable;
import org.snmp4j.smi.VariableBinding;

/**
 * Table walks written by hand for the parsers' tests: each binding is a suffix under the table's
 * entry ("column.index") and a value; each is read at its position in the walk times 1,000 ns, so
 * a test can tell which binding a time came from.
 */
final class Walks {
  private final OID entry;
  private final List<VariableBinding> bindings = new ArrayList<>();

  private Walks(OID entry) {
    this.entry = entry;
  }

  static Walks of(OID entry) {
    return new Walks(entry);
  }

  /** {@code value}: a String becomes an OctetString, an Integer an Integer32; a Variable is as given. */
  Walks put(String suffix, Object value) {
    OID oid = new OID(entry);
    oid.append(suffix);
    bindings.add(new VariableBinding(oid, variable(value)));
    return this;
  }

  TableWalk walk() {
    long[] nanos = new long[bindings.size()];
    for (int i = 0; i < nanos.length; i++) {
      nanos[i] = (i + 1) * 1000L;
    }
    return new TableWalk(entry, bindings, nanos, null);
  }

  IntTable table() {
    return IntTable.of(walk());
  }

  static IntTable none(OID entry) {
    return IntTable.of(TableWalk.empty(entry, null));
  }

  static Counter32 c32(long v) {
    return new Counter32(v);
  }

  static Counter64 c64(long v) {
    return new Counter64(v);
  }

  private static Variable variable(Object value) {
    if (value instanceof String s) {
      return new OctetString(s);
    }
    if (value instanceof Integer i) {
      return new Integer32(i);
    }
    return (Variable) value;
  }
}
