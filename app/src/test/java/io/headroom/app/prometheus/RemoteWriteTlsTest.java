package io.headroom.app.prometheus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.headroom.remotewrite.RemoteWriteClient;
import io.headroom.remotewrite.TimeSeries;
import io.headroom.remotewrite.WriteRequest;
import io.headroom.config.RemoteWriteTarget;
import io.headroom.standin.MachineTest;
import io.headroom.standin.SelfSignedCertificate;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code remote_write[].ca_file} against a real Prometheus 2.42 serving https with a certificate
 * of a private CA made here (self-signed, naming 127.0.0.1): trusted through ca_file, a request is
 * written and read back; through the JVM's trust store, or a ca_file of another CA, the handshake
 * fails, nothing is written, and the request is held for a retry (no answer), never sent in clear.
 */
@MachineTest("starts prometheus (apt package) with TLS on a free port of 127.0.0.1")
class RemoteWriteTlsTest {
  @TempDir Path dir;

  @Test
  void aPrivateCaInCaFileIsTrustedAndNothingElse() throws Exception {
    assumeTrue(Files.isExecutable(Receiver.Prometheus.BINARY), "prometheus is not installed (apt-get install prometheus)");
    SelfSignedCertificate ca = SelfSignedCertificate.generate();
    Path caFile = Files.writeString(dir.resolve("ca.pem"), ca.pem());
    Files.writeString(dir.resolve("server.key"), ca.privateKeyPem());
    Path web = Files.writeString(dir.resolve("web.yml"), "tls_server_config:\n  cert_file: " + caFile
        + "\n  key_file: " + dir.resolve("server.key") + "\n");
    Path other = Files.writeString(dir.resolve("other.pem"), SelfSignedCertificate.generate().pem());
    try (Receiver.Prometheus prom = new Receiver.Prometheus(dir.resolve("prom"), "").tls(web, ca.clientContext())) {
      prom.start();
      URI url = prom.writeUrl();
      assertEquals("https", url.getScheme());
      // one series: 0.25 a minute ago (a whole second), 0.5 a second later; within the 3 h the receiver is read back over
      long t0 = System.currentTimeMillis() / 1000 * 1000 - 60_000;
      TimeSeries util = new TimeSeries("headroom_util_ratio", Map.of("testbed", "tb", "entity", "h1/cpu0"));
      util.add(t0, 0.25);
      util.add(t0 + 1000, 0.5);
      byte[] body = WriteRequest.compressed(List.of(util));

      RemoteWriteClient.Answer jvm = client(url, null).send(body);
      assertEquals(RemoteWriteClient.Outcome.RETRY, jvm.outcome(), jvm.reason());
      assertTrue(jvm.reason().startsWith("no answer: SSLHandshakeException"), jvm.reason());
      RemoteWriteClient.Answer wrongCa = client(url, other).send(body);
      assertEquals(RemoteWriteClient.Outcome.RETRY, wrongCa.outcome(), wrongCa.reason());
      assertTrue(wrongCa.reason().startsWith("no answer: SSLHandshakeException"), wrongCa.reason());
      assertEquals(List.of(), prom.samples("headroom_util_ratio{entity=\"h1/cpu0\"}"));

      RemoteWriteClient.Answer trusted = client(url, caFile).send(body);
      assertEquals(RemoteWriteClient.Outcome.SENT, trusted.outcome(), trusted.reason());
      assertEquals(204, trusted.status());
      assertEquals(List.of(new Receiver.Sample(t0, 0.25), new Receiver.Sample(t0 + 1000, 0.5)),
          prom.samples("headroom_util_ratio{entity=\"h1/cpu0\"}"));
    }
  }

  private static RemoteWriteClient client(URI url, Path caFile) {
    return new RemoteWriteClient(new RemoteWriteTarget("t", url, false, null, null, null, null, null, null, null, null,
        caFile), Map.of());
  }
}
