package io.headroom.collector.snmp;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.snmp4j.smi.OID;

/**
 * The values of one walked table that were of another type than their column's (an OCTET STRING
 * where ifInOctets's Counter32 belongs) and so were read as not reported. Each column is said
 * once, however many of its rows were wrong: an agent that serves a whole column so would
 * otherwise bury the scrape's other problems under one line a port.
 */
final class WrongTypes {
  /** Indexes named in a line; the rest are counted. */
  private static final int NAMED = 3;

  private final OID entry;
  private final Map<Integer, Seen> columns = new TreeMap<>();

  private static final class Seen {
    final Set<OID> indexes = new LinkedHashSet<>();
    final Set<String> received = new LinkedHashSet<>();
  }

  WrongTypes(OID entry) {
    this.entry = entry;
  }

  /**
   * The value at {@code column.index} of the table was of another type than the column's: {@code
   * received} names it ("OCTET STRING"). A value read twice is counted once.
   */
  void saw(int column, OID index, String received) {
    Seen s = columns.computeIfAbsent(column, c -> new Seen());
    if (s.indexes.add(index)) {
      s.received.add(received);
    }
  }

  /** The table's name, as problems give it ("ifTable"). */
  String table() {
    return MibColumns.table(entry);
  }

  /**
   * One line a column: "ifInOctets (1.3.6.1.2.1.2.2.1.10) at index 4: OCTET STRING where the MIB
   * has Counter32: read as not reported", or "at 48 indexes (1, 2, 3, ...)".
   */
  List<String> lines() {
    List<String> out = new ArrayList<>();
    columns.forEach((column, s) -> {
      MibColumns.Column c = MibColumns.column(entry, column);
      List<String> named = s.indexes.stream().limit(NAMED).map(OID::toDottedString).toList();
      String where = s.indexes.size() == 1 ? "at index " + named.get(0)
          : "at " + s.indexes.size() + " indexes (" + String.join(", ", named) + (s.indexes.size() > NAMED ? ", ..." : "") + ")";
      out.add(c.name() + " (" + new OID(entry).append(column).toDottedString() + ") " + where + ": "
          + String.join(" or ", s.received) + " where the MIB has " + c.syntax() + ": read as not reported");
    });
    return out;
  }
}
