package io.headroom.collector.config;

import java.util.ArrayList;
import java.util.List;

/**
 * Where Kafka is. {@code bootstrap} null means "start the embedded broker" (demo, one machine).
 *
 * @param topicPrefix prefixes the four topic names, so installations can share a cluster
 */
public record KafkaConfig(String bootstrap, String topicPrefix) {
  public static final KafkaConfig EMBEDDED = new KafkaConfig(null, "headroom.");

  public boolean embedded() {
    return bootstrap == null;
  }

  List<String> validate() {
    List<String> problems = new ArrayList<>();
    if (bootstrap != null && !bootstrap.matches("[^,\\s]+:\\d+(,[^,\\s]+:\\d+)*")) {
      problems.add("kafka.bootstrap: \"" + bootstrap + "\" is not host:port[,host:port...]");
    }
    if (topicPrefix == null || !topicPrefix.matches("[A-Za-z0-9._-]*")) {
      problems.add("kafka.topic_prefix: only letters, digits, '.', '_' and '-' are allowed in topic names");
    }
    return problems;
  }
}
