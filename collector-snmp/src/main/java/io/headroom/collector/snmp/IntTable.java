package io.headroom.collector.snmp;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.snmp4j.asn1.BER;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.Variable;

/**
 * A walked table whose rows are told apart by one integer (ifIndex, hrDeviceIndex, swFCPortIndex,
 * or the port number that ends an FCMGMT-MIB index), split into columns in one pass over the walk,
 * with the time each value was read.
 */
final class IntTable {
  private final Map<Integer, Map<Integer, Variable>> columns = new HashMap<>();
  private final Map<Integer, Map<Integer, Long>> times = new HashMap<>();
  /** The index each row's value had (for byLastIndex, the whole connUnitId.port), as problems name it. */
  private final Map<Integer, Map<Integer, OID>> indexes = new HashMap<>();
  private final WrongTypes wrongTypes;

  private IntTable(OID entry) {
    this.wrongTypes = new WrongTypes(entry);
  }

  /** Rows indexed by exactly one integer. */
  static IntTable of(TableWalk walk) {
    return build(walk, false);
  }

  /**
   * Rows keyed by the last component of a longer index: FCMGMT-MIB's connUnitId (16 octets) then
   * the port. One agent is one connectivity unit here; a chassis of several would mix their ports.
   */
  static IntTable byLastIndex(TableWalk walk) {
    return build(walk, true);
  }

  private static IntTable build(TableWalk walk, boolean lastComponent) {
    IntTable t = new IntTable(walk.entry());
    int depth = walk.entry().size();
    for (int i = 0; i < walk.bindings().size(); i++) {
      OID oid = walk.bindings().get(i).getOid();
      if (lastComponent ? oid.size() > depth + 1 : oid.size() == depth + 2) {
        int column = oid.get(depth);
        int row = oid.last();
        t.columns.computeIfAbsent(column, c -> new LinkedHashMap<>()).put(row, walk.bindings().get(i).getVariable());
        t.times.computeIfAbsent(column, c -> new HashMap<>()).put(row, walk.nanos()[i]);
        t.indexes.computeIfAbsent(column, c -> new HashMap<>()).put(row, new OID(oid.getValue(), depth + 1, oid.size() - depth - 1));
      }
    }
    return t;
  }

  /** True when the walk gave no row: the agent has no such table. */
  boolean isEmpty() {
    return columns.isEmpty();
  }

  /** Row to value, in walk order; empty when the agent has no such column. */
  Map<Integer, Variable> column(int column) {
    return columns.getOrDefault(column, Map.of());
  }

  Variable get(int column, int row) {
    return column(column).get(row);
  }

  /**
   * The value as a number where it is one (INTEGER, Counter32, Gauge32, TimeTicks, Counter64),
   * else null: a value of another type where a number belongs (an agent's OCTET STRING in a
   * counter's column, a Null) is read as not reported rather than failing the scrape. Read
   * through {@link #number(int, int)}, such a value is also said ({@link #wrongTypes}).
   */
  static Long number(Variable v) {
    if (v == null) {
      return null;
    }
    return switch (v.getSyntax()) {
      case BER.INTEGER, BER.COUNTER32, BER.GAUGE32, BER.TIMETICKS, BER.COUNTER64 -> v.toLong();
      default -> null;
    };
  }

  /**
   * {@link #number} of {@code column} at {@code row}; a value of another type is also kept for
   * {@link #wrongTypes}.
   */
  Long number(int column, int row) {
    Variable v = get(column, row);
    Long n = number(v);
    if (n == null && v != null) {
      wrongType(column, row, v.getSyntaxString());
    }
    return n;
  }

  /** The value at {@code column} of {@code row} was of another type than the column's, {@code received}. */
  void wrongType(int column, int row, String received) {
    wrongTypes.saw(column, indexes.get(column).get(row), received);
  }

  /** The values read as not reported for their type so far, one line a column ({@link WrongTypes}). */
  WrongTypes wrongTypes() {
    return wrongTypes;
  }

  /** When {@code column} of {@code row} was read (System.nanoTime()). */
  long nanos(int column, int row) {
    return times.get(column).get(row);
  }
}
