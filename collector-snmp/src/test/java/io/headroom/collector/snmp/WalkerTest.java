package io.headroom.collector.snmp;

import static io.headroom.collector.snmp.Scrapes.settings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.collector.source.VarbindListener;
import io.headroom.config.SettingsBinder;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.snmp4j.PDU;
import org.snmp4j.smi.Integer32;
import org.snmp4j.smi.Null;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.Variable;
import org.snmp4j.smi.VariableBinding;

/**
 * The walker against agents that do what snmpsim never does ({@link ScriptedAgent}): a table
 * without end, tooBig at every size, an answer that repeats the OID asked for, an empty answer, an
 * answer held back a known time.
 */
class WalkerTest {
  private static final OID ENTRY = Oids.IF_ENTRY;

  /** ENTRY.column.index. */
  static OID oid(int column, int index) {
    OID o = new OID(ENTRY);
    o.append(column);
    o.append(index);
    return o;
  }

  /** A v2c session to {@code agent}, {@code timeout} per request and no retry. */
  static AgentSession session(ScriptedAgent agent, String timeout, VarbindListener varbinds) throws Exception {
    SnmpSettings s = SettingsBinder.bind(settings("agent", agent.agent(), "community", "public", "timeout", timeout,
        "retries", 0), SnmpSettings.class, Path.of("."), "test");
    return AgentSession.open(s, AgentSecrets.resolve(s, v -> null, "test"), varbinds);
  }

  /** As {@link #session(ScriptedAgent, String, VarbindListener)} with 2 s, by the opening without a listener (SnmpBench's). */
  static AgentSession session(ScriptedAgent agent) throws Exception {
    SnmpSettings s = SettingsBinder.bind(settings("agent", agent.agent(), "community", "public", "timeout", "2s",
        "retries", 0), SnmpSettings.class, Path.of("."), "test");
    return AgentSession.open(s, AgentSecrets.resolve(s, v -> null, "test"));
  }

  private static List<Integer> maxRepetitionsAsked(ScriptedAgent agent) {
    return agent.requests().stream().map(PDU::getMaxRepetitions).toList();
  }

  @Test
  void aTableWithoutEndIsCutOffAtMaxBindings() throws Exception {
    // every answer holds the max-repetitions rows after the one asked for (ENTRY.1.n: rows n+1 ..
    // n+500), so the table never ends: 200,000 / 500 = 400 requests reach the cap exactly
    Function<PDU, PDU> endless = request -> {
      OID asked = request.get(0).getOid();
      int n = asked.size() > ENTRY.size() + 1 ? asked.last() : 0;
      PDU response = new PDU();
      for (int i = 1; i <= request.getMaxRepetitions(); i++) {
        response.add(new VariableBinding(oid(1, n + i), new Integer32(n + i)));
      }
      return response;
    };
    try (ScriptedAgent agent = new ScriptedAgent(endless); AgentSession session = session(agent)) {
      TableWalk walk = new Walker(session, 500).walk(ENTRY);
      assertEquals(Walker.MAX_BINDINGS, walk.bindings().size());
      assertEquals(400, agent.requests().size());
      assertEquals(oid(1, 200_000), walk.bindings().get(199_999).getOid());
      assertEquals("more than 200000 values: walk cut off", walk.incomplete());
    }
  }

  @Test
  void tooBigAtOneRepetitionEndsTheWalkAsTheAgentsError() throws Exception {
    // tooBig to the first three requests, whatever their size; a fourth, which the walker must
    // not send, would get an empty answer (the table's end) and end the walk whole
    AtomicInteger asked = new AtomicInteger();
    Function<PDU, PDU> tooBig = request -> {
      PDU response = new PDU();
      if (asked.incrementAndGet() <= 3) {
        response.setErrorStatus(PDU.tooBig);
      }
      return response;
    };
    try (ScriptedAgent agent = new ScriptedAgent(tooBig); AgentSession session = session(agent)) {
      Walker walker = new Walker(session, 4);
      TableWalk walk = walker.walk(ENTRY);
      // 4 is tooBig, so is 4 / 2 = 2 and 2 / 2 = 1; at 1 there is nothing left to halve
      assertEquals(List.of(4, 2, 1), maxRepetitionsAsked(agent));
      // tooBig (1) as SNMP4J names it (SnmpConstants.SNMP_ERROR_MESSAGES)
      assertEquals("agent answered PDU encoding too big after 0 values", walk.incomplete());
      assertEquals(List.of(), walk.bindings());
      assertEquals(1, walker.maxRepetitions());
      assertEquals("max_repetitions lowered from 4 to 1 after tooBig answers", walker.loweredNote());
    }
  }

  @Test
  void anAnswerThatRepeatsTheOidAskedForStopsTheWalk() throws Exception {
    // rows 1 and 2 come whole; asked for what follows row 2, the agent answers row 2 again (and
    // were it asked once more, it would say the MIB ended: a walker that took row 2 twice would
    // end there with three values, not stop at two)
    AtomicInteger asked = new AtomicInteger();
    Function<PDU, PDU> repeating = request -> {
      PDU response = new PDU();
      switch (asked.incrementAndGet()) {
        case 1 -> {
          response.add(new VariableBinding(oid(1, 1), new Integer32(1)));
          response.add(new VariableBinding(oid(1, 2), new Integer32(2)));
        }
        case 2 -> response.add(new VariableBinding(request.get(0).getOid(), new Integer32(2)));
        default -> response.add(new VariableBinding(request.get(0).getOid(), Null.endOfMibView));
      }
      return response;
    };
    try (ScriptedAgent agent = new ScriptedAgent(repeating); AgentSession session = session(agent)) {
      TableWalk walk = new Walker(session, 2).walk(ENTRY);
      assertEquals(List.of(oid(1, 1), oid(1, 2)), walk.bindings().stream().map(VariableBinding::getOid).toList());
      assertEquals("agent returned " + oid(1, 2) + " after " + oid(1, 2) + " (not increasing): walk stopped",
          walk.incomplete());
      assertEquals(2, agent.requests().size());
    }
  }

  @Test
  void anEmptyAnswerEndsTheTableWhole() throws Exception {
    // rows 1 and 2, then an answer with no bindings at all: the table ended there
    Function<PDU, PDU> thenEmpty = request -> {
      PDU response = new PDU();
      if (request.get(0).getOid().equals(ENTRY)) {
        response.add(new VariableBinding(oid(1, 1), new Integer32(1)));
        response.add(new VariableBinding(oid(1, 2), new Integer32(2)));
      }
      return response;
    };
    try (ScriptedAgent agent = new ScriptedAgent(thenEmpty); AgentSession session = session(agent)) {
      TableWalk walk = new Walker(session, 2).walk(ENTRY);
      assertNull(walk.incomplete());
      assertEquals(List.of(oid(1, 1), oid(1, 2)), walk.bindings().stream().map(VariableBinding::getOid).toList());
      assertEquals(2, agent.requests().size());
    }
  }

  @Test
  void eachValueIsTimedHalfWayThroughTheRequestThatGotIt() throws Exception {
    // the agent answers 400 ms after each request comes, so a value is read between the request's
    // arrival r and r + 400 ms; the half-way time of sending and receiving lies in that span too
    // (the two trips over loopback are far shorter than 400 ms), the sending time itself before
    // it and twice the round trip after it. Rows 1-3 with 2 a request: rows 1 and 2 in the first
    // answer, row 3 and the end of the MIB in the second.
    long holdMs = 400;
    Map<OID, Variable> rows = Map.of(oid(1, 1), new Integer32(1), oid(1, 2), new Integer32(2), oid(1, 3), new Integer32(3));
    try (ScriptedAgent agent = new ScriptedAgent(ScriptedAgent.delayed(holdMs, ScriptedAgent.mib(rows)));
        AgentSession session = session(agent)) {
      TableWalk walk = new Walker(session, 2).walk(ENTRY);
      assertNull(walk.incomplete());
      assertEquals(3, walk.bindings().size());
      List<Long> arrivals = agent.arrivals();
      assertEquals(2, arrivals.size());
      long hold = TimeUnit.MILLISECONDS.toNanos(holdMs);
      long[] nanos = walk.nanos();
      assertEquals(nanos[0], nanos[1], "one time for the values of one answer");
      assertBetween(arrivals.get(0), arrivals.get(0) + hold, nanos[0], "rows 1 and 2");
      assertBetween(arrivals.get(1), arrivals.get(1) + hold, nanos[2], "row 3");
    }
  }

  private static void assertBetween(long from, long to, long actual, String what) {
    assertTrue(actual >= from && actual <= to,
        what + ": read at " + actual + ", " + (actual - from) / 1_000_000.0 + " ms after the request came (0 to "
            + (to - from) / 1_000_000.0 + " ms expected)");
  }
}
