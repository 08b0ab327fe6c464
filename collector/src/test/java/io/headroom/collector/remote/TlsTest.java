package io.headroom.collector.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.standin.SelfSignedCertificate;
import io.headroom.standin.StandinServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.X509ExtendedTrustManager;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The four ways a target's certificate is judged, against a stand-in with a fresh self-signed one. */
class TlsTest {
  @TempDir Path dir;
  private StandinServer server;
  private final List<Duration> sleeps = new ArrayList<>();

  @BeforeEach
  void start() throws Exception {
    Files.writeString(dir.resolve("ping.json"), "{\"ok\":true}");
    server = StandinServer.builder().root(dir).tls().start();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private RemoteHttpClient client(TlsSettings tls, List<String> warnings) throws Exception {
    RemoteEndpoint e = RemoteEndpoint.of(server.baseUri()).withTls(tls).resolve(dir);
    return RemoteHttpClient.builder(e, Credentials.NONE).sleeper(sleeps::add).warnings(warnings::add).build();
  }

  private RemoteHttpClient client(TlsSettings tls) throws Exception {
    return client(tls, new ArrayList<>());
  }

  @Test
  void verifiedByDefaultSoASelfSignedDeviceIsRefusedWithWhyAndWhatToDo() throws Exception {
    try (RemoteHttpClient c = client(TlsSettings.VERIFIED)) {
      RemoteHttpException e = assertThrows(RemoteHttpException.class, () -> c.get("/ping"));
      String m = e.getMessage();
      assertTrue(m.startsWith("GET " + server.baseUri() + "/ping: TLS: "), m);
      assertTrue(m.contains("not trusted by the JVM trust store"), m);
      assertTrue(m.contains(server.certificate().sha256Fingerprint()), m);
      assertTrue(m.contains("tls.pin_sha256") && m.contains("tls.ca_file"), m);
    }
    assertEquals(List.of(), sleeps, "a refused certificate is not retried");
    assertEquals(0, server.requests().size());
  }

  @Test
  void aMatchingPinIsAcceptedWithColonsOrWithoutInAnyCase() throws Exception {
    String fp = server.certificate().sha256Fingerprint();
    for (String pin : List.of(fp, fp.replace(":", "").toLowerCase())) {
      try (RemoteHttpClient c = client(TlsSettings.pin(pin))) {
        RemoteResponse r = c.get("/ping");
        assertEquals(200, r.status());
        assertEquals("{\"ok\":true}", r.text());
      }
    }
  }

  @Test
  void anyOtherCertificateIsRefusedNamingTheFingerprintSeen() throws Exception {
    String other = SelfSignedCertificate.generate().sha256Fingerprint();
    try (RemoteHttpClient c = client(TlsSettings.pin(other))) {
      RemoteHttpException e = assertThrows(RemoteHttpException.class, () -> c.get("/ping"));
      // The trust manager's own words, not the JDK's wrapping of them, and no hint to set a pin: one is set.
      assertEquals("GET " + server.baseUri() + "/ping: TLS: server certificate SHA-256 "
          + server.certificate().sha256Fingerprint() + " does not match tls.pin_sha256 " + other, e.getMessage());
    }
  }

  @Test
  void aHandshakeFailureWithInsecureOrAPinCarriesNoHintToSetOne() throws Exception {
    // A port that answers any bytes with plain HTTP: the handshake fails before any certificate is
    // seen. Only without a pin and without insecure does the message suggest setting one.
    try (ServerSocket plain = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      Thread answers = new Thread(() -> {
        while (!plain.isClosed()) {
          try (Socket s = plain.accept()) {
            s.getOutputStream().write("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
          } catch (IOException e) {
            return;
          }
        }
      });
      answers.setDaemon(true);
      answers.start();
      URI https = URI.create("https://127.0.0.1:" + plain.getLocalPort());
      String hint = "; for a device's self-signed certificate set tls.pin_sha256 to the SHA-256 above, "
          + "or tls.ca_file to the CA that signed it";
      String refused = "GET " + https + "/ping: TLS: Unsupported or unrecognized SSL message";
      List<String> messages = new ArrayList<>();
      for (TlsSettings tls : List.of(TlsSettings.trustAll(), TlsSettings.pin(server.certificate().sha256Fingerprint()),
          TlsSettings.VERIFIED)) {
        try (RemoteHttpClient c = RemoteHttpClient.builder(RemoteEndpoint.of(https).withTls(tls), Credentials.NONE)
            .sleeper(sleeps::add).warnings(w -> { }).build()) {
          messages.add(assertThrows(RemoteHttpException.class, () -> c.get("/ping")).getMessage());
        }
      }
      assertEquals(List.of(refused, refused, refused + hint), messages);
    }
  }

  @Test
  void aCaFileIsTrustedAndOnlyIt() throws Exception {
    Files.writeString(dir.resolve("ca.pem"), server.certificate().pem());
    try (RemoteHttpClient c = client(TlsSettings.ca(Path.of("ca.pem")))) {
      assertEquals(200, c.get("/ping").status());
    }
    Files.writeString(dir.resolve("other.pem"), SelfSignedCertificate.generate().pem());
    try (RemoteHttpClient c = client(TlsSettings.ca(Path.of("other.pem")))) {
      RemoteHttpException e = assertThrows(RemoteHttpException.class, () -> c.get("/ping"));
      assertTrue(e.getMessage().contains("not trusted by tls.ca_file other.pem"), e.getMessage());
    }
  }

  @Test
  void aCaFileThatIsNoCertificateIsAConfigProblem() throws Exception {
    Files.writeString(dir.resolve("junk.pem"), "not a certificate");
    var e = assertThrows(io.headroom.config.ConfigException.class, () -> client(TlsSettings.ca(Path.of("junk.pem"))));
    assertTrue(e.getMessage().startsWith("tls.ca_file: "), e.getMessage());
  }

  @Test
  void insecureAcceptsAnythingAndWarnsOnceNamingTheTarget() throws Exception {
    List<String> warnings = new ArrayList<>();
    try (RemoteHttpClient c = client(TlsSettings.trustAll(), warnings)) {
      assertEquals(200, c.get("/ping").status());
      assertEquals(200, c.get("/ping").status());
    }
    assertEquals(1, warnings.size(), warnings.toString());
    assertTrue(warnings.get(0).contains("tls.insecure") && warnings.get(0).contains(server.baseUri().toString()),
        warnings.get(0));
  }

  /** The trust manager the client installs, to make the checks that a handshake through OkHttp never makes. */
  private static X509ExtendedTrustManager installed(TlsSettings tls) throws Exception {
    OkHttpClient.Builder b = new OkHttpClient.Builder();
    Tls.configure(b, tls);
    return (X509ExtendedTrustManager) b.build().x509TrustManager();
  }

  private static String notTrusted(SelfSignedCertificate cert, String why) {
    return "server certificate (" + cert.certificate().getSubjectX500Principal().getName() + ", SHA-256 "
        + cert.sha256Fingerprint() + ") is not trusted by tls.ca_file ca.pem: " + why;
  }

  @Test
  void aCaFileCheckHandsTheJdkTheChainAloneOrWithItsEngineOrSocket() throws Exception {
    Files.writeString(dir.resolve("ca.pem"), server.certificate().pem());
    X509ExtendedTrustManager tm = installed(TlsSettings.ca(dir.resolve("ca.pem")));
    X509Certificate[] trusted = {server.certificate().certificate()};
    SelfSignedCertificate other = SelfSignedCertificate.generate();
    // The chain alone: the CA file's own certificate passes, any other is refused, naming it.
    tm.checkServerTrusted(trusted, "UNKNOWN");
    CertificateException refused = assertThrows(CertificateException.class,
        () -> tm.checkServerTrusted(new X509Certificate[] {other.certificate()}, "UNKNOWN"));
    assertEquals(notTrusted(other, refused.getCause().getMessage()), refused.getMessage());
    // With an engine, or a connected socket, the JDK asks it for the handshake the chain came in;
    // these have none begun, so even the trusted chain is refused: proof that each was handed on.
    SSLEngine engine = SSLContext.getDefault().createSSLEngine();
    assertEquals(notTrusted(server.certificate(), "No handshake session"),
        assertThrows(CertificateException.class, () -> tm.checkServerTrusted(trusted, "UNKNOWN", engine)).getMessage());
    try (SSLSocket socket = (SSLSocket) SSLContext.getDefault().getSocketFactory()
        .createSocket(InetAddress.getLoopbackAddress(), server.port())) {
      assertEquals(notTrusted(server.certificate(), "No handshake session"),
          assertThrows(CertificateException.class, () -> tm.checkServerTrusted(trusted, "UNKNOWN", socket)).getMessage());
    }
  }

  @Test
  void aPinIsCheckedWhicheverWayTheJdkAsks() throws Exception {
    SelfSignedCertificate other = SelfSignedCertificate.generate();
    X509ExtendedTrustManager tm = installed(TlsSettings.pin(server.certificate().sha256Fingerprint()));
    X509Certificate[] pinned = {server.certificate().certificate()};
    X509Certificate[] wrong = {other.certificate()};
    String mismatch = "server certificate SHA-256 " + other.sha256Fingerprint() + " does not match tls.pin_sha256 "
        + server.certificate().sha256Fingerprint();
    SSLEngine engine = SSLContext.getDefault().createSSLEngine();
    tm.checkServerTrusted(pinned, "UNKNOWN");
    tm.checkServerTrusted(pinned, "UNKNOWN", engine);
    assertEquals(mismatch, assertThrows(CertificateException.class, () -> tm.checkServerTrusted(wrong, "UNKNOWN")).getMessage());
    assertEquals(mismatch,
        assertThrows(CertificateException.class, () -> tm.checkServerTrusted(wrong, "UNKNOWN", engine)).getMessage());
  }
}
