package io.headroom.collector.snmp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.snmp4j.PDU;
import org.snmp4j.asn1.BER;
import org.snmp4j.asn1.BERInputStream;
import org.snmp4j.smi.Counter64;
import org.snmp4j.smi.Integer32;
import org.snmp4j.smi.OID;
import org.snmp4j.smi.VariableBinding;

/**
 * V2cChannel against a bare UDP socket standing for the agent, byte by byte: what a request looks
 * like on the wire, that an answer is matched by its request id (a late answer to an earlier try,
 * and a datagram that is no SNMP answer, are skipped), and how many tries a silent agent gets.
 */
class V2cChannelTest {
  private static final OID IF_X_ENTRY = new OID("1.3.6.1.2.1.31.1.1.1");

  private static DatagramSocket peer() throws Exception {
    DatagramSocket peer = new DatagramSocket(0, InetAddress.getLoopbackAddress());
    peer.setSoTimeout(5_000);
    return peer;
  }

  private static V2cChannel channel(DatagramSocket peer, int timeoutMillis, int retries) throws Exception {
    return new V2cChannel(new InetSocketAddress(InetAddress.getLoopbackAddress(), peer.getLocalPort()),
        "public".getBytes(StandardCharsets.UTF_8), timeoutMillis, retries);
  }

  private static PDU getBulk() {
    PDU request = new PDU();
    request.setType(PDU.GETBULK);
    request.setMaxRepetitions(25);
    request.add(new VariableBinding(IF_X_ENTRY));
    return request;
  }

  /** A GETBULK sent on another thread, so that the test can answer it as the agent. */
  private static CompletableFuture<PDU> sendAsync(V2cChannel channel) {
    return CompletableFuture.supplyAsync(() -> {
      try {
        return channel.send(getBulk());
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
  }

  private static DatagramPacket receive(DatagramSocket peer) throws Exception {
    DatagramPacket p = new DatagramPacket(new byte[65_535], 65_535);
    peer.receive(p);
    return p;
  }

  /** The request id of a request as it arrived (the channel starts its ids at random). */
  private static int requestId(DatagramPacket request) throws Exception {
    BERInputStream in = new BERInputStream(ByteBuffer.wrap(request.getData(), 0, request.getLength()));
    BER.MutableByte type = new BER.MutableByte();
    BER.decodeHeader(in, type);
    BER.decodeInteger(in, type);
    BER.decodeString(in, type);
    PDU pdu = new PDU();
    pdu.decodeBER(in);
    return pdu.getRequestID().getValue();
  }

  /** A v2c message: SEQUENCE { version 1, community, pdu }, encoded here without the channel. */
  private static byte[] message(String community, PDU pdu) throws Exception {
    return message(1, community, pdu);
  }

  /** SEQUENCE { version, community, pdu }: version 0 is SNMPv1's, 1 SNMPv2c's. */
  private static byte[] message(int version, String community, PDU pdu) throws Exception {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    BER.encodeInteger(body, BER.INTEGER, version);
    BER.encodeString(body, BER.OCTETSTRING, community.getBytes(StandardCharsets.US_ASCII));
    pdu.encodeBER(body);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    BER.encodeHeader(out, BER.SEQUENCE, body.size());
    body.writeTo(out);
    return out.toByteArray();
  }

  private static PDU response(int requestId, long octets) {
    PDU response = new PDU();
    response.setType(PDU.RESPONSE);
    response.setRequestID(new Integer32(requestId));
    response.add(new VariableBinding(new OID(IF_X_ENTRY).append(6).append(1), new Counter64(octets)));
    return response;
  }

  private static void answer(DatagramSocket peer, DatagramPacket to, byte[] bytes) throws Exception {
    peer.send(new DatagramPacket(bytes, bytes.length, to.getSocketAddress()));
  }

  @Test
  void aGetBulkGoesOutAsOneV2cMessageWithTheCommunity() throws Exception {
    try (DatagramSocket peer = peer(); V2cChannel channel = channel(peer, 200, 0)) {
      CompletableFuture<PDU> sent = sendAsync(channel);
      DatagramPacket request = receive(peer);
      byte[] bytes = Arrays.copyOf(request.getData(), request.getLength());
      // 30 len | 02 01 01 (version 1: v2c) | 04 06 "public" | the GETBULK PDU, tag A5
      assertEquals(0x30, bytes[0] & 0xff);
      assertEquals(bytes.length - 2, bytes[1] & 0xff, "one-byte length: the rest of the datagram");
      assertArrayEquals(new byte[] {0x02, 0x01, 0x01, 0x04, 0x06, 'p', 'u', 'b', 'l', 'i', 'c'},
          Arrays.copyOfRange(bytes, 2, 13));
      assertEquals(0xA5, bytes[13] & 0xff);
      PDU expected = getBulk();
      expected.setRequestID(new Integer32(requestId(request)));
      assertArrayEquals(message("public", expected), bytes, "byte for byte SNMP4J's own encoding of the message");
      assertNull(sent.get(5, TimeUnit.SECONDS), "no answer within 200 ms and no retry");
    }
  }

  @Test
  void aLateAnswerToAnEarlierTryAndGarbageAreSkippedForTheAnswerAwaited() throws Exception {
    try (DatagramSocket peer = peer(); V2cChannel channel = channel(peer, 2_000, 0)) {
      CompletableFuture<PDU> sent = sendAsync(channel);
      DatagramPacket request = receive(peer);
      int id = requestId(request);
      answer(peer, request, message("public", response(id - 1, 111))); // an earlier request's answer
      answer(peer, request, new byte[] {0x30, 0x03, 0x02, 0x01}); // cut short
      answer(peer, request, "not SNMP at all".getBytes(StandardCharsets.US_ASCII));
      answer(peer, request, message("public", response(id, 4_294_967_296L + 7))); // 2^32 + 7
      PDU answered = sent.get(5, TimeUnit.SECONDS);
      assertNotNull(answered);
      assertEquals(id, answered.getRequestID().getValue());
      assertEquals(new Counter64(4_294_967_303L), answered.get(0).getVariable());
    }
  }

  @Test
  void aSilentAgentGetsTheRequestOncePerTryThenNull() throws Exception {
    try (DatagramSocket peer = peer(); V2cChannel channel = channel(peer, 300, 2)) {
      long start = System.nanoTime();
      PDU answered = channel.send(getBulk());
      long tookMillis = (System.nanoTime() - start) / 1_000_000;
      assertNull(answered);
      // 1 try + 2 retries of 300 ms each: 3 datagrams, the same request id each time
      int first = requestId(receive(peer));
      assertEquals(first, requestId(receive(peer)));
      assertEquals(first, requestId(receive(peer)));
      assertTrue(tookMillis >= 900, "waited 3 x 300 ms, took " + tookMillis);
      // the next request has the next id
      CompletableFuture<PDU> next = sendAsync(channel);
      peer.setSoTimeout(5_000);
      DatagramPacket request = receive(peer);
      assertEquals(first + 1, requestId(request));
      answer(peer, request, message("public", response(first + 1, 5)));
      assertEquals(new Counter64(5), next.get(5, TimeUnit.SECONDS).get(0).getVariable());
    }
  }

  @Test
  void aForeignDatagramDoesNotLengthenTheTry() throws Exception {
    try (DatagramSocket peer = peer(); V2cChannel channel = channel(peer, 300, 0)) {
      long start = System.nanoTime();
      CompletableFuture<PDU> sent = sendAsync(channel);
      DatagramPacket request = receive(peer);
      answer(peer, request, "not SNMP at all".getBytes(StandardCharsets.US_ASCII));
      assertNull(sent.get(5, TimeUnit.SECONDS));
      long tookMillis = (System.nanoTime() - start) / 1_000_000;
      // the try ends 300 ms after it was sent, garbage or not (1,000 ms: room for a slow machine)
      assertTrue(tookMillis >= 300 && tookMillis < 1_000, "took " + tookMillis + " ms");
    }
  }

  @Test
  void aClosedChannelSendsNothing() throws Exception {
    try (DatagramSocket peer = peer()) {
      V2cChannel channel = channel(peer, 300, 0);
      channel.close();
      assertThrows(java.net.SocketException.class, () -> channel.send(getBulk()));
    }
  }

  @Test
  void onlyAV2cResponseOrReportIsAnAnswer() throws Exception {
    byte[] v2c = message("public", response(7, 1));
    assertEquals(7, V2cChannel.decode(v2c, v2c.length).getRequestID().getValue());
    // the same PDU in a v1 message (version 0), and a GET request, are not answers
    byte[] v1 = message(0, "public", response(7, 1));
    assertNull(V2cChannel.decode(v1, v1.length));
    PDU get = response(7, 1);
    get.setType(PDU.GET);
    byte[] request = message("public", get);
    assertNull(V2cChannel.decode(request, request.length));
    // a length that stops inside the message
    assertNull(V2cChannel.decode(v2c, v2c.length - 1));
  }
}
