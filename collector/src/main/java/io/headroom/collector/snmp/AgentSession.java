package io.headroom.collector.snmp;

import io.headroom.collector.snmp.SnmpV3Settings.AuthProtocol;
import io.headroom.collector.snmp.SnmpV3Settings.PrivProtocol;
import java.io.IOException;
import java.net.InetAddress;
import org.snmp4j.CommunityTarget;
import org.snmp4j.MessageDispatcherImpl;
import org.snmp4j.PDU;
import org.snmp4j.ScopedPDU;
import org.snmp4j.Snmp;
import org.snmp4j.Target;
import org.snmp4j.UserTarget;
import org.snmp4j.event.ResponseEvent;
import org.snmp4j.mp.CounterSupport;
import org.snmp4j.mp.MPv2c;
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
 * One agent's SNMP4J session: its own UDP socket, message dispatcher and (for v3) USM with its
 * own user table, so agents never share security state and a slow one holds up only its own
 * source. Requests wait {@code timeout} and are sent again {@code retries} times.
 */
final class AgentSession implements AutoCloseable {
  private final Snmp snmp;
  private final Target<UdpAddress> target;
  private final boolean v3;
  private final String agent;

  private VarbindListener varbinds = VarbindListener.NONE;

  private AgentSession(Snmp snmp, Target<UdpAddress> target, boolean v3, String agent) {
    this.snmp = snmp;
    this.target = target;
    this.v3 = v3;
    this.agent = agent;
  }

  static AgentSession open(SnmpSettings settings, AgentSecrets secrets) throws IOException {
    return open(settings, secrets, VarbindListener.NONE);
  }

  /** As {@link #open(SnmpSettings, AgentSecrets)}, telling varbinds of every value answered. */
  static AgentSession open(SnmpSettings settings, AgentSecrets secrets, VarbindListener varbinds) throws IOException {
    AgentAddress a = AgentAddress.parse(settings.agent());
    UdpAddress address = new UdpAddress(InetAddress.getByName(a.host()), a.port());
    DefaultUdpTransportMapping transport = new DefaultUdpTransportMapping();
    MessageDispatcherImpl dispatcher = new MessageDispatcherImpl();
    Target<UdpAddress> target;
    boolean v3 = settings.isV3();
    if (v3) {
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
      UserTarget<UdpAddress> user = new UserTarget<>();
      user.setSecurityName(new OctetString(u.user()));
      user.setSecurityLevel(SecurityLevel.AUTH_PRIV);
      user.setSecurityModel(SecurityModel.SECURITY_MODEL_USM);
      target = user;
    } else {
      dispatcher.addMessageProcessingModel(new MPv2c());
      target = new CommunityTarget<>(address, new OctetString(secrets.community().reveal()));
    }
    target.setAddress(address);
    target.setVersion(v3 ? SnmpConstants.version3 : SnmpConstants.version2c);
    target.setTimeout(settings.timeout().toMillis());
    target.setRetries(settings.retries());
    Snmp snmp = new Snmp(dispatcher, transport);
    snmp.listen();
    AgentSession session = new AgentSession(snmp, target, v3, a.toString());
    session.varbinds = varbinds;
    return session;
  }

  /** An empty request of {@code type} in this session's protocol version. */
  PDU pdu(int type) {
    PDU pdu = v3 ? new ScopedPDU() : new PDU();
    pdu.setType(type);
    return pdu;
  }

  /**
   * The response, or null when the agent did not answer within timeout and retries. A USM report
   * (unknown user, wrong password, ...) is an IOException naming it: no later request would fare better.
   */
  PDU send(PDU request) throws IOException {
    ResponseEvent<UdpAddress> event = snmp.send(request, target);
    PDU response = event == null ? null : event.getResponse();
    if (response != null && response.getType() == PDU.REPORT) {
      throw new IOException("agent " + agent + " refused the request: " + UsmReports.describe(response));
    }
    if (response != null && response.getErrorStatus() == PDU.noError) {
      response.getVariableBindings().stream().filter(vb -> !vb.isException()).forEach(varbinds::received);
    }
    return response;
  }

  /** What a request that went unanswered waited for: "1 s x 2 tries". */
  String patience() {
    return target.getTimeout() + " ms x " + (target.getRetries() + 1) + " tries";
  }

  String agent() {
    return agent;
  }

  @Override
  public void close() throws IOException {
    snmp.close();
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
