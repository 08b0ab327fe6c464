package io.headroom.collector.source;

import org.snmp4j.smi.VariableBinding;

/**
 * Sees every value an SNMP agent answers the source with (not the requests, which carry the
 * community), so that {@code headroom capture snmp} can record the agent as the source reads it.
 * It lives here, beside {@link SourceContext} which carries it, so that the context every source
 * is given does not depend on one of the sources.
 */
@FunctionalInterface
public interface VarbindListener {
  VarbindListener NONE = vb -> {};

  void received(VariableBinding vb);
}
