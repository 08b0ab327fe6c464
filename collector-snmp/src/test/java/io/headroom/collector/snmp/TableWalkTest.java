package io.headroom.collector.snmp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.snmp4j.smi.Integer32;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.OctetString;
import org.snmp4j.smi.Variable;
import org.snmp4j.smi.VariableBinding;

/** A walk split into columns and rows: which OIDs belong to a column, which index a row has, when it was read. */
class TableWalkTest {
  private static final OID IF = Oids.IF_ENTRY; // 1.3.6.1.2.1.2.2.1

  @Test
  void aColumnIsTheOidsUnderEntryDotColumnKeyedByWhatFollows() {
    TableWalk w = Walks.of(IF).put("2", "the column itself, no row").put("2.1", "eth0").put("2.7", "eth6")
        .put("20.1", 3).put("3.1", 6).walk();
    // column 2: rows 1 and 7 in walk order; the bare column OID (no index) and column 20 are not in it
    assertEquals(List.of(new OID("1"), new OID("7")), List.copyOf(w.column(2).keySet()));
    assertEquals(new OctetString("eth6"), w.column(2).get(new OID("7")));
    assertEquals(Map.of(new OID("1"), new Integer32(3)), w.column(20));
    assertEquals(Map.of(), w.column(9));
  }

  @Test
  void aLongerIndexIsKeptWhole() {
    // lldpRemSysName.timeMark.localPortNum.remIndex = 0.513.1
    TableWalk w = Walks.of(Oids.LLDP_REM_ENTRY).put("9.0.513.1", "sw2").walk();
    assertEquals(Map.of(new OID("0.513.1"), new OctetString("sw2")), w.column(9));
  }

  @Test
  void completeOnlyWithoutAReasonAndOneTimePerBinding() {
    assertTrue(TableWalk.empty(IF, null).complete());
    TableWalk cut = TableWalk.empty(IF, "agent went silent");
    assertFalse(cut.complete());
    assertEquals("agent went silent", cut.incomplete());
    List<VariableBinding> three = List.of(new VariableBinding(new OID("1.1")), new VariableBinding(new OID("1.2")),
        new VariableBinding(new OID("1.3")));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new TableWalk(IF, three, new long[2], null));
    assertEquals("2 times for 3 bindings", e.getMessage());
  }

  @Test
  void intTableRowsHaveExactlyOneIndexAndTheirReadingTime() {
    // bindings are read at 1000, 2000, ... ns in walk order (Walks)
    IntTable t = Walks.of(IF).put("2", "no index").put("2.4", "eth3").put("2.5.1", "two components")
        .put("10.4", Walks.c32(99)).table();
    assertEquals(Map.of(4, new OctetString("eth3")), t.column(2));
    assertEquals(Walks.c32(99), t.get(10, 4));
    assertEquals(2000, t.nanos(2, 4)); // second binding
    assertEquals(4000, t.nanos(10, 4)); // fourth
    assertEquals(null, t.get(10, 5));
    assertEquals(Map.of(), t.column(16));
    assertFalse(t.isEmpty());
    assertTrue(Walks.none(IF).isEmpty());
    // a table with only an index-less OID has no rows
    assertTrue(Walks.of(IF).put("2", "no index").table().isEmpty());
  }

  @Test
  void byLastIndexKeysRowsByTheLastComponentOfAnyLongerIndex() {
    // connUnitPortStatCountTxElements.<16 octets of connUnitId>.port; the bare column has no row
    String unit = "16.0.0.0.39.248.0.0.0.0.0.0.0.0.0.0";
    TableWalk w = Walks.of(Oids.CONN_UNIT_PORT_STAT_ENTRY).put("6", "no index").put("6." + unit + ".3", "p3")
        .put("6.9", "p9").walk();
    IntTable t = IntTable.byLastIndex(w);
    Map<Integer, Variable> col = t.column(6);
    assertEquals(Map.of(3, new OctetString("p3"), 9, new OctetString("p9")), col);
    assertEquals(3000, t.nanos(6, 9));
    // the same walk by one index: only the one-component row
    assertEquals(Map.of(9, new OctetString("p9")), IntTable.of(w).column(6));
  }
}
