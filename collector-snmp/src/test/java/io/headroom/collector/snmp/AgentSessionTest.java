package io.headroom.collector.snmp;

import static io.headroom.collector.snmp.WalkerTest.oid;
import static io.headroom.collector.snmp.WalkerTest.session;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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

  private static final String COMMUNITY = "c0mmunity-s3cret";

  /** A v2c session with a community a message could be searched for, {@code timeout} per request, no retry. */
  private static AgentSession v2c(int port, Duration timeout) throws IOException {
    SnmpSettings s = new SnmpSettings("127.0.0.1:" + port, "2c", COMMUNITY, null, null, null, 10, timeout, 0, null);
    return AgentSession.open(s, new AgentSecrets(Secret.of(COMMUNITY), null, null));
  }

  /**
   * The socket refuses a datagram over 65,507 bytes, the most an IPv4 UDP datagram carries
   * ("Message too long", EMSGSIZE): a GET of 5,000 ifInOctets OIDs is 5,000 x 17 bytes at least
   * (a 13-byte OID, its NULL value, their SEQUENCE header). The message names the agent and the
   * request, not the community.
   */
  @Test
  void aSocketErrorNamesTheAgentAndTheRequestNeverTheCommunity() throws Exception {
    try (java.net.DatagramSocket peer = new java.net.DatagramSocket(0, java.net.InetAddress.getLoopbackAddress());
        AgentSession session = v2c(peer.getLocalPort(), Duration.ofSeconds(1))) {
      PDU get = session.pdu(PDU.GET);
      for (int i = 1; i <= 5_000; i++) {
        get.add(new VariableBinding(new OID(Oids.IF_ENTRY).append(Oids.IF_IN_OCTETS).append(i)));
      }
      IOException e = assertThrows(IOException.class, () -> session.send(get));
      assertEquals("agent 127.0.0.1:" + peer.getLocalPort() + ": GET 1.3.6.1.2.1.2.2.1.10.1, 1.3.6.1.2.1.2.2.1.10.2,"
          + " 1.3.6.1.2.1.2.2.1.10.3 and 4997 more failed: " + e.getCause().getMessage(), e.getMessage());
      assertTrue(e.getCause() instanceof java.net.SocketException, e.getCause().toString());
      assertFalse(e.getMessage().contains(COMMUNITY), e.getMessage());
    }
  }

  /**
   * A session closed while a request waits (the collector stopping during a scrape) ends the
   * request at once, and says so with the agent and the request rather than the socket's bare
   * "Socket closed".
   */
  @Test
  void aSessionClosedUnderARequestSaysWhichRequest() throws Exception {
    try (ScriptedAgent agent = new ScriptedAgent(request -> null)) {
      int port = Integer.parseInt(agent.agent().substring(agent.agent().lastIndexOf(':') + 1));
      AgentSession session = v2c(port, Duration.ofSeconds(10));
      java.util.concurrent.CompletableFuture<PDU> sent = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
        try {
          return session.send(get(session, Oids.SYS_UP_TIME));
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      });
      long deadline = System.nanoTime() + 5_000_000_000L;
      while (agent.requests().isEmpty() && System.nanoTime() < deadline) {
        Thread.sleep(10);
      }
      assertEquals(1, agent.requests().size(), "the agent has the request");
      long closedAt = System.nanoTime();
      session.close();
      java.util.concurrent.ExecutionException failed = assertThrows(java.util.concurrent.ExecutionException.class,
          () -> sent.get(5, java.util.concurrent.TimeUnit.SECONDS));
      long tookMillis = (System.nanoTime() - closedAt) / 1_000_000;
      assertEquals("agent 127.0.0.1:" + port + ": the session was closed during GET 1.3.6.1.2.1.1.3.0",
          failed.getCause().getCause().getMessage());
      assertTrue(tookMillis < 5_000, "ended " + tookMillis + " ms after the close, not at the 10 s timeout");
    }
  }

  /**
   * A closed port on 127.0.0.1 answers with ICMP port unreachable, which Linux reports only on a
   * connected socket; the channel's socket is not connected (an agent may answer from another of
   * its addresses), so the request goes unanswered: null after its timeout, as for a silent agent,
   * and the walk or the clock says "no answer" with the agent.
   */
  @Test
  void aClosedPortIsNoAnswerNotAnError() throws Exception {
    int closed;
    try (java.net.DatagramSocket probe = new java.net.DatagramSocket(0, java.net.InetAddress.getLoopbackAddress())) {
      closed = probe.getLocalPort();
    }
    try (AgentSession session = v2c(closed, Duration.ofMillis(200))) {
      assertEquals(null, session.send(get(session, Oids.SYS_UP_TIME)));
      IOException e = assertThrows(IOException.class, () -> new AgentClock(session, false).read());
      assertEquals("agent 127.0.0.1:" + closed + " did not answer (200 ms x 1 tries)", e.getMessage());
    }
  }
}
