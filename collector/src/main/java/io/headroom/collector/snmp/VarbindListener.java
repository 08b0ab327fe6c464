package io.headroom.collector.snmp;

import org.snmp4j.smi.VariableBinding;

/**
 * Sees every value an SNMP agent answers the source with (not the requests, which carry the
 * community), so that {@code headroom capture snmp} can record the agent as the source reads it.
 */
@FunctionalInterface
public interface VarbindListener {
  VarbindListener NONE = vb -> {};

  void received(VariableBinding vb);
}
