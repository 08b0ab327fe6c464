package io.headroom.config;

import io.headroom.model.kafka.KafkaClient;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Where Kafka is. {@code bootstrap} null means "start the embedded broker" (demo, one machine).
 *
 * @param topicPrefix prefixes the four topic names, so installations can share a cluster
 * @param tls null for plaintext; else TLS, always verifying the brokers' certificates
 * @param sasl null for none; SASL needs TLS (the password must not cross the network in clear)
 */
public record KafkaConfig(String bootstrap, String topicPrefix, KafkaClient.Tls tls, KafkaClient.Sasl sasl) {
  public static final KafkaConfig EMBEDDED = new KafkaConfig(null, "headroom.", null, null);
  static final Set<String> MECHANISMS = Set.of("PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512");

  public KafkaConfig(String bootstrap, String topicPrefix) {
    this(bootstrap, topicPrefix, null, null);
  }

  public boolean embedded() {
    return bootstrap == null;
  }

  /** The client settings for these servers (the embedded broker's, or the named ones). */
  public KafkaClient client(String servers) {
    return new KafkaClient(servers, tls, sasl);
  }

  List<String> validate() {
    List<String> problems = new ArrayList<>();
    if (bootstrap != null && !bootstrap.matches("[^,\\s]+:\\d+(,[^,\\s]+:\\d+)*")) {
      problems.add("bootstrap: \"" + bootstrap + "\" is not host:port[,host:port...]");
    }
    if (topicPrefix == null || !topicPrefix.matches("[A-Za-z0-9._-]*")) {
      problems.add("topic_prefix: only letters, digits, '.', '_' and '-' are allowed in topic names");
    }
    if (tls != null && tls.caFile() != null && !Files.isReadable(tls.caFile())) {
      problems.add("tls.ca_file: " + tls.caFile() + " is not a readable file");
    }
    if (sasl != null) {
      if (tls == null) {
        problems.add("sasl: needs kafka.tls (a password must not cross the network in clear)");
      }
      if (!MECHANISMS.contains(sasl.mechanism())) {
        problems.add("sasl.mechanism: must be one of " + new java.util.TreeSet<>(MECHANISMS));
      }
      if (sasl.username() == null || sasl.username().isBlank()) {
        problems.add("sasl.username: must be set");
      }
      if (sasl.passwordEnv() == null || System.getenv(sasl.passwordEnv()) == null) {
        problems.add("sasl.password_env: must name a set environment variable holding the password");
      }
    }
    return problems;
  }
}
