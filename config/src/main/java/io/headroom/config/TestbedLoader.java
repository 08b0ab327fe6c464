package io.headroom.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.headroom.model.kafka.KafkaClient;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/** Reads a testbed YAML file into a {@link TestbedConfig}; errors name the file and the key. */
public final class TestbedLoader {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final Set<String> TOP_KEYS = Set.of("testbed", "kafka", "database", "spool", "alerts", "detection", "sources");
  private static final Set<String> COMMON_SOURCE_KEYS = Set.of("type", "host", "interval");

  private TestbedLoader() {}

  public static TestbedConfig load(Path file, Path defaultSpoolDir) throws ConfigException {
    JsonNode root;
    try {
      root = YAML.readTree(Files.readString(file));
    } catch (IOException e) {
      throw new ConfigException(file + ": cannot read: " + e.getMessage());
    }
    if (root == null || !root.isObject()) {
      throw new ConfigException(file + ": must be a YAML mapping with testbed: and sources:");
    }
    try {
      TestbedConfig config = bind(root, file.toAbsolutePath().getParent(), defaultSpoolDir);
      List<String> problems = config.validate();
      if (!problems.isEmpty()) {
        throw new ConfigException(file + ": " + String.join("; ", problems));
      }
      return config;
    } catch (IllegalArgumentException e) {
      throw new ConfigException(file + ": " + e.getMessage());
    }
  }

  static TestbedConfig bind(JsonNode root, Path baseDir, Path defaultSpoolDir) {
    rejectUnknown(root, TOP_KEYS, "");
    JsonNode kafka = root.path("kafka");
    rejectUnknown(kafka, Set.of("bootstrap", "topic_prefix", "tls", "sasl"), "kafka.");
    rejectUnknown(kafka.path("tls"), Set.of("ca_file"), "kafka.tls.");
    rejectUnknown(kafka.path("sasl"), Set.of("mechanism", "username", "password_env"), "kafka.sasl.");
    JsonNode db = root.path("database");
    rejectUnknown(db, Set.of("url", "user", "password_env"), "database.");
    JsonNode spool = root.path("spool");
    rejectUnknown(spool, Set.of("dir", "max_bytes", "segment_bytes"), "spool.");
    String spoolDir = text(spool, "dir", null);
    JsonNode alerts = root.path("alerts");
    rejectUnknown(alerts, Set.of("webhooks"), "alerts.");
    rejectUnknown(root.path("detection"), Set.of("thresholds"), "detection.");
    return new TestbedConfig(
        text(root, "testbed", null),
        new KafkaConfig(text(kafka, "bootstrap", null), text(kafka, "topic_prefix", "headroom."),
            tls(kafka.path("tls"), baseDir), sasl(kafka.path("sasl"))),
        new DatabaseConfig(text(db, "url", null), text(db, "user", null), text(db, "password_env", null)),
        new SpoolConfig(
            spoolDir == null ? defaultSpoolDir : baseDir.resolve(spoolDir),
            spool.path("max_bytes").asLong(SpoolConfig.DEFAULT_MAX_BYTES),
            spool.path("segment_bytes").asLong(SpoolConfig.DEFAULT_SEGMENT_BYTES)),
        new AlertsConfig(webhooks(alerts.path("webhooks"))),
        root.path("detection").path("thresholds"),
        sources(root.path("sources")),
        baseDir);
  }

  private static List<SourceConfig> sources(JsonNode list) {
    List<SourceConfig> out = new ArrayList<>();
    if (list.isMissingNode() || list.isNull()) {
      return out;
    }
    if (!list.isArray()) {
      throw new IllegalArgumentException("sources: must be a list");
    }
    for (int i = 0; i < list.size(); i++) {
      JsonNode s = list.get(i);
      if (!s.isObject()) {
        throw new IllegalArgumentException("sources[" + i + "]: must be a mapping with type: and host:");
      }
      String interval = text(s, "interval", null);
      ObjectNode settings = ((ObjectNode) s).deepCopy();
      settings.remove(COMMON_SOURCE_KEYS);
      try {
        out.add(new SourceConfig(
            text(s, "type", null),
            text(s, "host", null),
            interval == null ? null : Durations.parse(interval),
            settings));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("sources[" + i + "].interval: " + e.getMessage());
      }
    }
    return out;
  }

  /** Absent: plaintext; {@code tls: {}}: TLS with the JVM's trust store; ca_file: a PEM CA. */
  private static KafkaClient.Tls tls(JsonNode node, Path baseDir) {
    if (node.isMissingNode() || node.isNull()) {
      return null;
    }
    String ca = text(node, "ca_file", null);
    return new KafkaClient.Tls(ca == null ? null : baseDir.resolve(ca));
  }

  private static KafkaClient.Sasl sasl(JsonNode node) {
    if (node.isMissingNode() || node.isNull()) {
      return null;
    }
    return new KafkaClient.Sasl(text(node, "mechanism", null), text(node, "username", null), text(node, "password_env", null));
  }

  private static List<URI> webhooks(JsonNode list) {
    List<URI> out = new ArrayList<>();
    for (int i = 0; i < list.size(); i++) {
      try {
        out.add(new URI(list.get(i).asText()));
      } catch (URISyntaxException e) {
        // the URL may carry a token: say where, not what
        throw new IllegalArgumentException("alerts.webhooks[" + i + "]: not a URL (" + e.getReason() + ")");
      }
    }
    return out;
  }

  private static String text(JsonNode node, String key, String fallback) {
    JsonNode v = node.get(key);
    return v == null || v.isNull() ? fallback : v.asText();
  }

  private static void rejectUnknown(JsonNode node, Set<String> known, String prefix) {
    if (!node.isObject()) {
      return;
    }
    for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
      String key = it.next();
      if (!known.contains(key)) {
        throw new IllegalArgumentException(
            "unknown key " + prefix + key + " (known: " + String.join(", ", known) + ")");
      }
    }
  }
}
