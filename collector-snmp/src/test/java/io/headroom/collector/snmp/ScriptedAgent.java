package io.headroom.collector.snmp;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.function.Function;
import org.snmp4j.CommandResponder;
import org.snmp4j.CommandResponderEvent;
import org.snmp4j.PDU;
import org.snmp4j.Snmp;
import org.snmp4j.mp.StatusInformation;
import org.snmp4j.smi.Address;
import org.snmp4j.smi.Null;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.Variable;
import org.snmp4j.smi.VariableBinding;

/**
 * A v2c agent in the test's JVM on a loopback UDP port that answers each request as the test says
 * (a null answer: it stays silent), for what no real agent does on demand: an answer that repeats
 * the OID asked for, an endless table, tooBig at every size, an empty answer, an answer held back a
 * known time. It keeps every request and the System.nanoTime() it arrived at (the test's own clock,
 * so a time the walker gave a value can be set against when the agent read it).
 */
final class ScriptedAgent implements CommandResponder, AutoCloseable {
  private final Snmp snmp;
  private final int port;
  private final Function<PDU, PDU> answers;
  private final List<PDU> requests = Collections.synchronizedList(new ArrayList<>());
  private final List<Long> arrivals = Collections.synchronizedList(new ArrayList<>());

  ScriptedAgent(Function<PDU, PDU> answers) throws IOException {
    this.answers = answers;
    this.port = SnmpSim.freeUdpPort();
    snmp = SnmpSim.v2cResponder(port, this);
  }

  /** An agent that serves {@code values} as a MIB: GET, and GETBULK with no non-repeaters. */
  static ScriptedAgent serving(Map<OID, Variable> values) throws IOException {
    return new ScriptedAgent(mib(values));
  }

  /**
   * Answers from {@code values} as an agent does: a GET gives each OID's value or noSuchObject;
   * a GETBULK gives max-repetitions successors of each OID asked for, endOfMibView past the last.
   */
  static Function<PDU, PDU> mib(Map<OID, Variable> values) {
    NavigableMap<OID, Variable> mib = new TreeMap<>(values);
    return request -> {
      PDU response = new PDU();
      for (VariableBinding asked : request.getVariableBindings()) {
        if (request.getType() == PDU.GET) {
          Variable v = mib.get(asked.getOid());
          response.add(new VariableBinding(asked.getOid(), v == null ? Null.noSuchObject : v));
        } else {
          OID at = asked.getOid();
          for (int i = 0; i < request.getMaxRepetitions(); i++) {
            Map.Entry<OID, Variable> next = mib.higherEntry(at);
            if (next == null) {
              response.add(new VariableBinding(at, Null.endOfMibView));
            } else {
              response.add(new VariableBinding(next.getKey(), next.getValue()));
              at = next.getKey();
            }
          }
        }
      }
      return response;
    };
  }

  /** {@code answers}, each given {@code millis} after its request came. */
  static Function<PDU, PDU> delayed(long millis, Function<PDU, PDU> answers) {
    return request -> {
      try {
        Thread.sleep(millis);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return null;
      }
      return answers.apply(request);
    };
  }

  String agent() {
    return "127.0.0.1:" + port;
  }

  /** The requests so far, in the order they came. */
  List<PDU> requests() {
    synchronized (requests) {
      return List.copyOf(requests);
    }
  }

  /** System.nanoTime() at each request's arrival, in the order they came. */
  List<Long> arrivals() {
    synchronized (arrivals) {
      return List.copyOf(arrivals);
    }
  }

  @Override
  public <A extends Address> void processPdu(CommandResponderEvent<A> event) {
    arrivals.add(System.nanoTime());
    PDU request = event.getPDU();
    requests.add((PDU) request.clone());
    PDU response = answers.apply(request);
    if (response == null) {
      return;
    }
    response.setType(PDU.RESPONSE);
    response.setRequestID(request.getRequestID());
    try {
      event.getMessageDispatcher().returnResponsePdu(event.getMessageProcessingModel(), event.getSecurityModel(),
          event.getSecurityName(), event.getSecurityLevel(), response, event.getMaxSizeResponsePDU(),
          event.getStateReference(), new StatusInformation());
    } catch (Exception e) {
      throw new IllegalStateException("scripted agent could not answer", e);
    }
    event.setProcessed(true);
  }

  @Override
  public void close() throws IOException {
    snmp.close();
  }
}
