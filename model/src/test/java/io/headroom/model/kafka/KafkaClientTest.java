package io.headroom.model.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class KafkaClientTest {
  @Test
  void plaintextIsJustTheServers() {
    assertEquals(Map.of("bootstrap.servers", "k1:9092"), KafkaClient.plaintext("k1:9092").properties());
  }

  @Test
  void tlsWithAPrivateCaAndScram() {
    // HOME is set in every test JVM: it stands in for the password variable
    KafkaClient c = new KafkaClient("k1:9093", new KafkaClient.Tls(Path.of("/etc/headroom/ca.pem")),
        new KafkaClient.Sasl("SCRAM-SHA-512", "headroom", "HOME"));
    Map<String, Object> p = c.properties();
    assertEquals("SASL_SSL", p.get("security.protocol"));
    assertEquals("PEM", p.get("ssl.truststore.type"));
    assertEquals("/etc/headroom/ca.pem", p.get("ssl.truststore.location"));
    assertEquals(false, p.containsKey("ssl.endpoint.identification.algorithm"), "Kafka's default (https) stays");
    assertEquals("SCRAM-SHA-512", p.get("sasl.mechanism"));
    assertEquals("org.apache.kafka.common.security.scram.ScramLoginModule required username=\"headroom\" password=\""
        + System.getenv("HOME") + "\";", p.get("sasl.jaas.config"));
    assertEquals("k1:9093 (TLS, SASL SCRAM-SHA-512)", c.toString());
    assertFalse(c.sasl().toString().contains(System.getenv("HOME")), c.sasl().toString());
  }

  @Test
  void aMissingPasswordVariableIsNamed() {
    KafkaClient c = new KafkaClient("k1:9093", new KafkaClient.Tls(null),
        new KafkaClient.Sasl("PLAIN", "u", "HEADROOM_NO_SUCH_VARIABLE"));
    IllegalStateException e = assertThrows(IllegalStateException.class, c::properties);
    assertEquals("environment variable HEADROOM_NO_SUCH_VARIABLE (Kafka SASL password) is not set", e.getMessage());
  }
}
