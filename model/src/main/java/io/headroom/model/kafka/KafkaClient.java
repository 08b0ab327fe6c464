package io.headroom.model.kafka;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * How to reach a Kafka cluster: bootstrap servers and, for a cluster that needs them, TLS and SASL.
 * TLS always verifies the broker's certificate and host name (Kafka's default, which nothing here
 * turns off); {@code caFile} adds a CA in PEM for a private PKI, else the JVM's trust store is
 * used. The SASL password is read from its environment variable when the client is made, and no
 * {@code toString} prints it.
 */
public record KafkaClient(String bootstrap, Tls tls, Sasl sasl) {
  public KafkaClient {
    Objects.requireNonNull(bootstrap, "bootstrap");
  }

  /** TLS to the brokers; {@code caFile} null means the JVM's default trust store. */
  public record Tls(Path caFile) {}

  /** SASL over TLS: PLAIN, SCRAM-SHA-256 or SCRAM-SHA-512. */
  public record Sasl(String mechanism, String username, String passwordEnv) {
    @Override
    public String toString() {
      return "Sasl[" + mechanism + " as " + username + ", password from $" + passwordEnv + "]";
    }
  }

  public static KafkaClient plaintext(String bootstrap) {
    return new KafkaClient(bootstrap, null, null);
  }

  /** The client properties every producer, consumer and admin client here starts from. */
  public Map<String, Object> properties() {
    Map<String, Object> p = new HashMap<>();
    p.put("bootstrap.servers", bootstrap);
    if (tls == null) {
      return p;
    }
    p.put("security.protocol", sasl == null ? "SSL" : "SASL_SSL");
    if (tls.caFile() != null) {
      p.put("ssl.truststore.type", "PEM");
      p.put("ssl.truststore.location", tls.caFile().toString());
    }
    if (sasl != null) {
      p.put("sasl.mechanism", sasl.mechanism());
      p.put("sasl.jaas.config", jaas(sasl));
    }
    return p;
  }

  private static String jaas(Sasl sasl) {
    String module = sasl.mechanism().equals("PLAIN")
        ? "org.apache.kafka.common.security.plain.PlainLoginModule"
        : "org.apache.kafka.common.security.scram.ScramLoginModule";
    String password = System.getenv(sasl.passwordEnv());
    if (password == null) {
      throw new IllegalStateException("environment variable " + sasl.passwordEnv() + " (Kafka SASL password) is not set");
    }
    return module + " required username=\"" + escape(sasl.username()) + "\" password=\"" + escape(password) + "\";";
  }

  private static String escape(String s) {
    return s.replace("\\", "\\\\").replace("\"", "\\\"");
  }

  @Override
  public String toString() {
    return bootstrap + (tls == null ? "" : sasl == null ? " (TLS)" : " (TLS, SASL " + sasl.mechanism() + ")");
  }
}
