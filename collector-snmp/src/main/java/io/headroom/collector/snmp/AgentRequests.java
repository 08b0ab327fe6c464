package io.headroom.collector.snmp;

import java.io.IOException;
import org.snmp4j.PDU;

/**
 * The requests a scrape sends one agent and the answers it reads: {@link AgentSession} over UDP.
 * The walks and the clock see a response PDU, or null for an agent that did not answer, or an
 * IOException naming the agent; how the answer came is not theirs to know (the fuzz test,
 * SnmpVarbindFuzzTest, answers from a recording in memory).
 */
interface AgentRequests extends AutoCloseable {
  /** An empty request of {@code type} in the session's protocol version. */
  PDU pdu(int type);

  /** The response, or null when the agent did not answer within timeout and retries. */
  PDU send(PDU request) throws IOException;

  /** What a request that went unanswered waited for: "1000 ms x 2 tries". */
  String patience();

  /** The agent's address as messages name it. */
  String agent();

  @Override
  void close() throws IOException;
}
