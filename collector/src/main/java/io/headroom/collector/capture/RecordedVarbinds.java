package io.headroom.collector.capture;

import io.headroom.collector.source.VarbindListener;
import java.util.Map;
import java.util.TreeMap;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.Variable;
import org.snmp4j.smi.VariableBinding;

/** Every value the agent answered, by OID in OID order; a later answer (the second scrape) replaces an earlier. */
public final class RecordedVarbinds implements VarbindListener {
  private final Map<OID, Variable> values = new TreeMap<>();

  @Override
  public synchronized void received(VariableBinding vb) {
    values.put(vb.getOid(), vb.getVariable());
  }

  public synchronized Map<OID, Variable> all() {
    return new TreeMap<>(values);
  }
}
