package io.headroom.collector.snmp;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.security.SecureRandom;
import org.snmp4j.PDU;
import org.snmp4j.asn1.BER;
import org.snmp4j.asn1.BERInputStream;
import org.snmp4j.mp.SnmpConstants;
import org.snmp4j.smi.Integer32;

/**
 * SNMPv2c requests to one agent on the caller's thread: a request is encoded, sent and its answer
 * read on one UDP socket, with SNMP4J's BER and PDU classes but without its message dispatcher.
 *
 * <p>Why not SNMP4J's {@code Snmp.send}: a synchronous send there hands every request to a timer
 * and every answer from its listener thread back to the caller, and walks the message processing
 * models on the way; for a walk of a 3,648-value ifXTable that came to about 130 us of the caller's
 * CPU a request and 5 us of the listener's a value, more than snmpbulkwalk's whole process
 * (docs/benchmarks.md, "SNMP"). Here a request costs its encoding, one send and one receive, and
 * an agent needs no thread of its own. SNMPv3 (USM's keys, engine discovery, reports) stays with
 * SNMP4J.
 *
 * <p>As SNMP4J does, an answer is matched by its request id, not its source address, so an agent
 * that answers from another of its addresses is heard; an answer to an earlier try, or a datagram
 * that is not an SNMPv2c response, is skipped while the try's time lasts.
 */
final class V2cChannel implements AutoCloseable {
  /** The largest UDP payload: no answer can be longer. */
  private static final int MAX_DATAGRAM = 65_535;

  private final DatagramSocket socket;
  private final InetSocketAddress agent;
  private final byte[] header; // version and community: the same in every request
  private final int timeoutMillis;
  private final int retries;
  private final byte[] answer = new byte[MAX_DATAGRAM];
  private int nextRequestId;

  V2cChannel(InetSocketAddress agent, byte[] community, int timeoutMillis, int retries) throws IOException {
    this.agent = agent;
    this.timeoutMillis = timeoutMillis;
    this.retries = retries;
    ByteArrayOutputStream h = new ByteArrayOutputStream();
    BER.encodeInteger(h, BER.INTEGER, SnmpConstants.version2c);
    BER.encodeString(h, BER.OCTETSTRING, community);
    this.header = h.toByteArray();
    this.nextRequestId = new SecureRandom().nextInt(Integer.MAX_VALUE); // as SNMP4J: a random start
    this.socket = new DatagramSocket();
  }

  /** The agent's answer to {@code request}, or null when none came within the timeout and retries. */
  synchronized PDU send(PDU request) throws IOException {
    int id = nextRequestId;
    nextRequestId = id == Integer.MAX_VALUE ? 1 : id + 1;
    request.setRequestID(new Integer32(id));
    byte[] message = encode(request);
    DatagramPacket out = new DatagramPacket(message, message.length, agent);
    for (int attempt = 0; attempt <= retries; attempt++) {
      socket.send(out);
      PDU response = awaitAnswer(id, System.nanoTime() + timeoutMillis * 1_000_000L);
      if (response != null) {
        return response;
      }
    }
    return null;
  }

  private byte[] encode(PDU request) throws IOException {
    int length = header.length + request.getBERLength();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    BER.encodeHeader(out, BER.SEQUENCE, length);
    out.write(header);
    request.encodeBER(out);
    return out.toByteArray();
  }

  /** The response with request id {@code id} that arrives before {@code deadline}, or null. */
  private PDU awaitAnswer(int id, long deadline) throws IOException {
    DatagramPacket in = new DatagramPacket(answer, answer.length);
    for (long left = deadline - System.nanoTime(); left > 0; left = deadline - System.nanoTime()) {
      socket.setSoTimeout((int) ((left + 999_999L) / 1_000_000L)); // rounded up: never a try cut short
      try {
        socket.receive(in);
      } catch (SocketTimeoutException e) {
        return null;
      }
      PDU response = decode(answer, in.getLength());
      if (response != null && response.getRequestID().getValue() == id) {
        return response;
      }
    }
    return null;
  }

  /** An SNMPv2c response or report from one datagram, or null when it is not one. */
  static PDU decode(byte[] datagram, int length) {
    try {
      BERInputStream in = new BERInputStream(ByteBuffer.wrap(datagram, 0, length));
      BER.MutableByte type = new BER.MutableByte();
      BER.decodeHeader(in, type);
      if (type.getValue() != BER.SEQUENCE || BER.decodeInteger(in, type) != SnmpConstants.version2c) {
        return null;
      }
      BER.decodeString(in, type); // the community: an agent that answers accepted it
      PDU pdu = new PDU();
      pdu.decodeBER(in);
      return pdu.getType() == PDU.RESPONSE || pdu.getType() == PDU.REPORT ? pdu : null;
    } catch (IOException | RuntimeException e) {
      return null; // garbage on our port, or an answer cut short: not the one awaited
    }
  }

  @Override
  public void close() {
    socket.close();
  }
}
