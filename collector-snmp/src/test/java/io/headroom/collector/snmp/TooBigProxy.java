package io.headroom.collector.snmp;

import java.io.IOException;
import java.net.InetAddress;
import org.snmp4j.CommandResponder;
import org.snmp4j.CommandResponderEvent;
import org.snmp4j.CommunityTarget;
import org.snmp4j.PDU;
import org.snmp4j.Snmp;
import org.snmp4j.event.ResponseEvent;
import org.snmp4j.mp.SnmpConstants;
import org.snmp4j.mp.StatusInformation;
import org.snmp4j.smi.Address;
import org.snmp4j.smi.OctetString;
import org.snmp4j.smi.UdpAddress;
import org.snmp4j.transport.DefaultUdpTransportMapping;

/**
 * An agent that answers tooBig to a GETBULK asking for more than {@code limit} repetitions (as
 * agents with small buffers do, rather than truncating the answer as RFC 3416 4.2.3 lets them),
 * and passes every other request on to a real agent (snmpsim) and its answer back. snmpsim itself
 * never answers tooBig: it drops an answer that does not fit.
 */
final class TooBigProxy implements CommandResponder, AutoCloseable {
  private final Snmp server;
  private final Snmp client;
  private final CommunityTarget<UdpAddress> upstream;
  private final int limit;
  private final int port;

  TooBigProxy(int upstreamPort, String community, int limit) throws IOException {
    this.limit = limit;
    this.port = SnmpSim.freeUdpPort();
    server = SnmpSim.v2cResponder(port, this);
    client = new Snmp(new DefaultUdpTransportMapping());
    client.listen();
    upstream = new CommunityTarget<>(new UdpAddress(InetAddress.getLoopbackAddress(), upstreamPort), new OctetString(community));
    upstream.setVersion(SnmpConstants.version2c);
    upstream.setTimeout(2000);
  }

  String agent() {
    return "127.0.0.1:" + port;
  }

  @Override
  public <A extends Address> void processPdu(CommandResponderEvent<A> event) {
    PDU request = event.getPDU();
    try {
      PDU response;
      if (request.getType() == PDU.GETBULK && request.getMaxRepetitions() > limit) {
        response = new PDU();
        response.setErrorStatus(PDU.tooBig);
      } else {
        PDU forward = (PDU) request.clone();
        ResponseEvent<UdpAddress> answer = client.send(forward, upstream);
        if (answer.getResponse() == null) {
          return;
        }
        response = answer.getResponse();
      }
      response.setType(PDU.RESPONSE);
      response.setRequestID(request.getRequestID());
      event.getMessageDispatcher().returnResponsePdu(event.getMessageProcessingModel(), event.getSecurityModel(),
          event.getSecurityName(), event.getSecurityLevel(), response, event.getMaxSizeResponsePDU(),
          event.getStateReference(), new StatusInformation());
      event.setProcessed(true);
    } catch (IOException e) {
      throw new IllegalStateException("proxy could not answer", e);
    }
  }

  @Override
  public void close() throws IOException {
    server.close();
    client.close();
  }
}
