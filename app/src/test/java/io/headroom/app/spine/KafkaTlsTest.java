package io.headroom.app.spine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.embedded.EmbeddedKafka;
import io.headroom.model.kafka.KafkaClient;
import io.headroom.model.kafka.TopicSetup;
import io.headroom.model.kafka.Topics;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kafka over TLS, against a real broker with a certificate made for the test: trusted through the
 * testbed's CA file it works; with the JVM's default trust store the broker's certificate is
 * refused (TLS is verified, never skipped).
 */
class KafkaTlsTest {
  @TempDir Path dir;

  @Test
  void aPrivateCaWorksAndAnUnknownCertificateIsRefused() throws Exception {
    Path keystore = dir.resolve("broker.p12");
    Path ca = dir.resolve("ca.pem");
    keytool("-genkeypair", "-alias", "broker", "-keyalg", "RSA", "-keysize", "2048", "-validity", "2",
        "-dname", "CN=localhost", "-ext", "SAN=ip:127.0.0.1,dns:localhost",
        "-keystore", keystore.toString(), "-storetype", "PKCS12", "-storepass", "changeit", "-keypass", "changeit");
    keytool("-exportcert", "-rfc", "-alias", "broker", "-keystore", keystore.toString(), "-storepass", "changeit",
        "-file", ca.toString());
    try (EmbeddedKafka kafka = EmbeddedKafka.start(dir.resolve("kafka"), new EmbeddedKafka.Tls(keystore, "changeit"))) {
      Topics topics = new Topics("tls.");
      KafkaClient trusted = new KafkaClient(kafka.bootstrapServers(), new KafkaClient.Tls(ca), null);
      assertEquals("SSL", trusted.properties().get("security.protocol"));
      TopicSetup.ensure(trusted, topics, 1, (short) 1);
      try (Admin admin = Admin.create(trusted.properties())) {
        assertEquals(Set.of("tls.samples", "tls.topology", "tls.runs", "tls.verdicts"),
            admin.listTopics().names().get(30, TimeUnit.SECONDS));
      }
      KafkaClient jvmTrust = new KafkaClient(kafka.bootstrapServers(), new KafkaClient.Tls(null), null);
      Exception e = assertThrows(Exception.class, () -> TopicSetup.ensure(jvmTrust, topics, 1, (short) 1));
      String chain = causes(e);
      assertTrue(chain.contains("SSL handshake failed") || chain.contains("PKIX"), chain);
    }
  }

  private static String causes(Throwable t) {
    StringBuilder s = new StringBuilder();
    for (Throwable c = t; c != null; c = c.getCause()) {
      s.append(c.getClass().getSimpleName()).append(": ").append(c.getMessage()).append(" | ");
    }
    return s.toString();
  }

  private static void keytool(String... args) throws Exception {
    List<String> cmd = new java.util.ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes());
    assertTrue(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0, "keytool failed: " + out);
  }

}
