package io.headroom.collector.snmp;

import io.headroom.collector.snmp.SnmpV3Settings.AuthProtocol;
import io.headroom.collector.snmp.SnmpV3Settings.PrivProtocol;
import io.headroom.collector.source.VarbindListener;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.snmp4j.MessageDispatcherImpl;
import org.snmp4j.PDU;
import org.snmp4j.ScopedPDU;
import org.snmp4j.Snmp;
import org.snmp4j.Target;
import org.snmp4j.UserTarget;
import org.snmp4j.event.ResponseEvent;
import org.snmp4j.mp.CounterSupport;
import org.snmp4j.mp.MPv3;
import org.snmp4j.mp.SnmpConstants;
import org.snmp4j.security.AuthHMAC128SHA224;
import org.snmp4j.security.AuthHMAC192SHA256;
import org.snmp4j.security.AuthHMAC256SHA384;
import org.snmp4j.security.AuthHMAC384SHA512;
import org.snmp4j.security.AuthSHA;
import org.snmp4j.security.AuthenticationProtocol;
import org.snmp4j.security.PrivAES128;
import org.snmp4j.security.PrivAES192;
import org.snmp4j.security.PrivAES256;
import org.snmp4j.security.PrivacyProtocol;
import org.snmp4j.security.SecurityLevel;
import org.snmp4j.security.SecurityModel;
import org.snmp4j.security.SecurityModels;
import org.snmp4j.security.SecurityProtocols;
import org.snmp4j.security.USM;
import org.snmp4j.security.UsmUser;
import org.snmp4j.security.nonstandard.PrivAES192With3DESKeyExtension;
import org.snmp4j.security.nonstandard.PrivAES256With3DESKeyExtension;
import org.snmp4j.smi.OctetString;
import org.snmp4j.smi.UdpAddress;
import org.snmp4j.transport.DefaultUdpTransportMapping;

/**
 * One agent's session: its own UDP socket, and for v3 SNMP4J's message dispatcher and USM with its
 * own user table, so agents never share security state and a slow one holds up only its own
 * source; v2c requests go through a {@link V2cChannel} on the caller's thread. Requests wait
 * {@code timeout} and are sent again {@code retries} times.
 */
final class AgentSession implements AgentRequests {
  /** OIDs of a request an error names; the rest are counted. */
  private static final int NAMED_OIDS = 3;
  private final Snmp snmp; // v3 only
  private final Target<UdpAddress> target; // v3 only
  private final V2cChannel channel; // v2c only
  private final String agent;
  private final long timeoutMillis;
  private final int retries;

  private VarbindListener varbinds = VarbindListener.NONE;
  private volatile boolean closed;

  private AgentSession(Snmp snmp, Target<UdpAddress> target, V2cChannel channel, String agent, SnmpSettings settings) {
    this.snmp = snmp;
    this.target = target;
    this.channel = channel;
    this.agent = agent;
    this.timeoutMillis = settings.timeout().toMillis();
    this.retries = settings.retries();
  }

  static AgentSession open(SnmpSettings settings, AgentSecrets secrets) throws IOException {
    return open(settings, secrets, VarbindListener.NONE);
  }

  /** As {@link #open(SnmpSettings, AgentSecrets)}, telling varbinds of every value answered. */
  static AgentSession open(SnmpSettings settings, AgentSecrets secrets, VarbindListener varbinds) throws IOException {
    AgentAddress a = AgentAddress.parse(settings.agent());
    InetAddress host = InetAddress.getByName(a.host());
    AgentSession session = settings.isV3() ? v3(settings, secrets, new UdpAddress(host, a.port()), a.toString())
        : v2c(settings, secrets, new InetSocketAddress(host, a.port()), a.toString());
    session.varbinds = varbinds;
    return session;
  }

  /** A v2c session: its requests go through a {@link V2cChannel}, no SNMP4J session. */
  private static AgentSession v2c(SnmpSettings settings, AgentSecrets secrets, InetSocketAddress address, String agent)
      throws IOException {
    byte[] community = secrets.community().reveal().getBytes(StandardCharsets.UTF_8);
    V2cChannel channel = new V2cChannel(address, community, (int) settings.timeout().toMillis(), settings.retries());
    return new AgentSession(null, null, channel, agent, settings);
  }

  /** SNMP4J's session for SNMPv3: its USM with this agent's user alone. */
  private static AgentSession v3(SnmpSettings settings, AgentSecrets secrets, UdpAddress address, String agent)
      throws IOException {
    MessageDispatcherImpl dispatcher = new MessageDispatcherImpl();
    SnmpV3Settings u = settings.v3();
    SecurityProtocols protocols = new SecurityProtocols(SecurityProtocols.SecurityProtocolSet.none);
    AuthenticationProtocol auth = auth(u.auth());
    PrivacyProtocol priv = priv(u.priv());
    protocols.addAuthenticationProtocol(auth);
    protocols.addPrivacyProtocol(priv);
    OctetString localEngineId = new OctetString(MPv3.createLocalEngineID());
    USM usm = new USM(protocols, localEngineId, 0);
    usm.addUser(new UsmUser(new OctetString(u.user()), auth.getID(), new OctetString(secrets.authPassword().reveal()),
        priv.getID(), new OctetString(secrets.privPassword().reveal())));
    dispatcher.addMessageProcessingModel(new MPv3(localEngineId.getValue(), null, protocols,
        SecurityModels.getCollection(new SecurityModel[] {usm}), CounterSupport.getInstance()));
    UserTarget<UdpAddress> target = new UserTarget<>();
    target.setSecurityName(new OctetString(u.user()));
    target.setSecurityLevel(SecurityLevel.AUTH_PRIV);
    target.setSecurityModel(SecurityModel.SECURITY_MODEL_USM);
    target.setAddress(address);
    target.setVersion(SnmpConstants.version3);
    target.setTimeout(settings.timeout().toMillis());
    target.setRetries(settings.retries());
    Snmp snmp = new Snmp(dispatcher, new DefaultUdpTransportMapping());
    snmp.listen();
    return new AgentSession(snmp, target, null, agent, settings);
  }

  @Override
  public PDU pdu(int type) {
    PDU pdu = channel == null ? new ScopedPDU() : new PDU();
    pdu.setType(type);
    return pdu;
  }

  /**
   * The response, or null when the agent did not answer within timeout and retries. A USM report
   * (unknown user, wrong password, ...) is an IOException naming it: no later request would fare better.
   * An IOException of the socket ("Network is unreachable", "Message too long", the socket closed
   * under a request) names the agent and the request, never the community: the socket's own
   * message says neither which agent nor what was asked.
   */
  @Override
  public PDU send(PDU request) throws IOException {
    if (closed) { // said at once: a closed session's requests would only wait out their timeouts
      throw new IOException("agent " + agent + ": the session is closed");
    }
    PDU response;
    try {
      response = channel != null ? channel.send(request) : v3Send(request);
    } catch (IOException e) {
      throw new IOException("agent " + agent + ": " + (closed ? "the session was closed during " + describe(request)
          : describe(request) + " failed: " + e.getMessage()), e);
    }
    if (response != null && response.getType() == PDU.REPORT) {
      throw new IOException("agent " + agent + " refused the request: " + UsmReports.describe(response));
    }
    if (response != null && response.getErrorStatus() == PDU.noError) {
      response.getVariableBindings().stream().filter(vb -> !vb.isException()).forEach(varbinds::received);
    }
    return response;
  }

  /** What a request asked: "GETBULK 1.3.6.1.2.1.31.1.1.1.6.12", "GET 1.3.6.1.2.1.1.3.0, 1.3.6.1.2.1.1.2.0". */
  static String describe(PDU request) {
    List<String> oids = request.getVariableBindings().stream().limit(NAMED_OIDS).map(vb -> vb.getOid().toDottedString()).toList();
    int more = request.size() - oids.size();
    return PDU.getTypeString(request.getType()) + " " + String.join(", ", oids) + (more > 0 ? " and " + more + " more" : "");
  }

  private PDU v3Send(PDU request) throws IOException {
    ResponseEvent<UdpAddress> event = snmp.send(request, target);
    return event == null ? null : event.getResponse();
  }

  @Override
  public String patience() {
    return timeoutMillis + " ms x " + (retries + 1) + " tries";
  }

  @Override
  public String agent() {
    return agent;
  }

  @Override
  public void close() throws IOException {
    closed = true;
    if (channel != null) {
      channel.close();
    } else {
      snmp.close();
    }
  }

  private static AuthenticationProtocol auth(AuthProtocol p) {
    return switch (p) {
      case SHA -> new AuthSHA();
      case SHA_224 -> new AuthHMAC128SHA224();
      case SHA_256 -> new AuthHMAC192SHA256();
      case SHA_384 -> new AuthHMAC256SHA384();
      case SHA_512 -> new AuthHMAC384SHA512();
    };
  }

  private static PrivacyProtocol priv(PrivProtocol p) {
    return switch (p) {
      case AES_128 -> new PrivAES128();
      case AES_192 -> new PrivAES192();
      case AES_256 -> new PrivAES256();
      case AES_192_C -> new PrivAES192With3DESKeyExtension();
      case AES_256_C -> new PrivAES256With3DESKeyExtension();
    };
  }
}
