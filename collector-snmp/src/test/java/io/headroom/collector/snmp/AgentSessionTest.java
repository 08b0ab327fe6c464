package io.headroom.collector.snmp;

import static io.headroom.collector.snmp.WalkerTest.oid;
import static io.headroom.collector.snmp.WalkerTest.session;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.collector.remote.Secret;
import io.headroom.collector.source.VarbindListener;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.snmp4j.PDU;
import org.snmp4j.smi.Integer32;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.VariableBinding;

/** One agent's session against {@link ScriptedAgent}: what reaches the varbind listener, and what closing ends. */
class AgentSessionTest {
  private static final Map<OID, org.snmp4j.smi.Variable> ROWS = Map.of(oid(1, 1), new Integer32(1), oid(1, 2), new Integer32(2));

  private static PDU get(AgentSession session, OID... oids) {
    PDU get = session.pdu(PDU.GET);
    for (OID o : oids) {
      get.add(new VariableBinding(o));
    }
    return get;
  }

  @Test
  void theListenerHearsValuesNeverAnEndOfMibViewOrNoSuchObject() throws Exception {
    List<VariableBinding> heard = Collections.synchronizedList(new ArrayList<>());
    try (ScriptedAgent agent = ScriptedAgent.serving(ROWS); AgentSession session = session(agent, "2s", heard::add)) {
      // a walk of 4 a request: rows 1 and 2, then endOfMibView twice
      TableWalk walk = new Walker(session, 4).walk(Oids.IF_ENTRY);
      assertEquals(2, walk.bindings().size());
      assertEquals(List.of(new VariableBinding(oid(1, 1), new Integer32(1)), new VariableBinding(oid(1, 2), new Integer32(2))),
          List.copyOf(heard));
      heard.clear();
      // a GET of row 2 and of row 9, which the agent lacks (noSuchObject)
      PDU answer = session.send(get(session, oid(1, 2), oid(1, 9)));
      assertEquals(2, answer.size());
      assertEquals(List.of(new VariableBinding(oid(1, 2), new Integer32(2))), List.copyOf(heard));
    }
  }

  @Test
  void theListenerHearsNothingOfAnErrorAnswer() throws Exception {
    // genErr with the bindings asked for, values and all: none of them is a value the agent gave
    List<VariableBinding> heard = Collections.synchronizedList(new ArrayList<>());
    try (ScriptedAgent agent = new ScriptedAgent(request -> {
      PDU response = ScriptedAgent.mib(ROWS).apply(request);
      response.setErrorStatus(PDU.genErr);
      response.setErrorIndex(1);
      return response;
    }); AgentSession session = session(agent, "2s", heard::add)) {
      PDU answer = session.send(get(session, oid(1, 1)));
      assertEquals(PDU.genErr, answer.getErrorStatus());
      assertEquals(List.of(), List.copyOf(heard));
    }
  }

  @Test
  void aClosedSessionSendsNothingMore() throws Exception {
    try (ScriptedAgent agent = ScriptedAgent.serving(ROWS)) {
      AgentSession session = session(agent, "1s", VarbindListener.NONE);
      assertEquals(new Integer32(1), session.send(get(session, oid(1, 1))).get(0).getVariable());
      session.close();
      // the request fails at once, saying so, and the agent never sees it
      IOException closed = assertThrows(IOException.class, () -> session.send(get(session, oid(1, 1))));
      assertEquals("agent " + agent.agent() + ": the session is closed", closed.getMessage());
      assertEquals(1, agent.requests().size(), "the agent was asked once");
    }
  }

  private static long openFiles() throws IOException {
    try (var fds = Files.list(Path.of("/proc/self/fd"))) {
      return fds.count();
    }
  }

  /** Each session holds a UDP socket (v2c: its channel's; v3: SNMP4J's transport): closing frees it. */
  @Test
  void closingSessionsOfEitherVersionReleasesTheirSockets() throws Exception {
    SnmpSettings v2c = new SnmpSettings("127.0.0.1:9", "2c", "public", null, null, null, 10, Duration.ofSeconds(1), 0, null);
    SnmpSettings v3 = new SnmpSettings("127.0.0.1:9", "3", null, null, new SnmpV3Settings("u", SnmpV3Settings.AuthProtocol.SHA_256,
        null, SnmpV3Settings.PrivProtocol.AES_128, null), null, 10, Duration.ofSeconds(1), 0, null);
    AgentSecrets secrets = new AgentSecrets(Secret.of("public"), Secret.of("authpass1"), Secret.of("privpass1"));
    for (SnmpSettings settings : List.of(v2c, v3)) {
      // one session first: the JVM opens files of its own once (/dev/urandom for the request ids' seed, NIO's)
      AgentSession.open(settings, secrets).close();
      long before = openFiles();
      List<AgentSession> sessions = new ArrayList<>();
      for (int i = 0; i < 20; i++) {
        sessions.add(AgentSession.open(settings, secrets));
      }
      long open = openFiles();
      assertTrue(open >= before + 20, settings.version() + ": 20 sessions, " + (open - before) + " more files open");
      for (AgentSession session : sessions) {
        session.close();
      }
      // 2 of slack: the JVM may open a file of its own meanwhile
      long after = openFiles();
      assertTrue(after <= before + 2, settings.version() + ": " + (after - before) + " files left open of 20 sessions closed");
    }
  }

  /** A v3 session to a port that never answers waits its configured timeout on each try, not SNMP4J's 1 s default. */
  @Test
  void aV3SessionWaitsItsOwnTimeoutAndRetries() throws Exception {
    try (java.net.DatagramSocket silent = new java.net.DatagramSocket(0, java.net.InetAddress.getLoopbackAddress())) {
      SnmpSettings v3 = new SnmpSettings("127.0.0.1:" + silent.getLocalPort(), "3", null, null, new SnmpV3Settings("u",
          SnmpV3Settings.AuthProtocol.SHA_256, null, SnmpV3Settings.PrivProtocol.AES_128, null), null, 10,
          Duration.ofMillis(150), 1, null);
      try (AgentSession session = AgentSession.open(v3, new AgentSecrets(null, Secret.of("authpass1"), Secret.of("privpass1")))) {
        long start = System.nanoTime();
        PDU answer = session.send(get(session, oid(1, 1)));
        long tookMillis = (System.nanoTime() - start) / 1_000_000;
        assertEquals(null, answer);
        assertEquals("150 ms x 2 tries", session.patience());
        // 2 tries of 150 ms; SNMP4J's own default would be 1,000 ms a try
        assertTrue(tookMillis >= 300 && tookMillis < 1_000, "took " + tookMillis + " ms");
      }
    }
  }
}
