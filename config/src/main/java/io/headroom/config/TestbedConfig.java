package io.headroom.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A testbed file (docs/configuration.md): which testbed this is, where Kafka and the database are
 * (absent means the embedded ones), the collector's spool, alert webhooks, detection thresholds
 * (the analyzer binds and checks them: {@code ThresholdsBinder}), and the sources to scrape.
 */
public record TestbedConfig(
    String testbed,
    KafkaConfig kafka,
    DatabaseConfig database,
    SpoolConfig spool,
    AlertsConfig alerts,
    JsonNode thresholds,
    List<SourceConfig> sources,
    Path baseDir) {

  public TestbedConfig {
    sources = List.copyOf(sources);
  }

  /** Every problem at once, so a person fixes the file in one go; empty when usable. */
  public List<String> validate() {
    List<String> problems = new ArrayList<>();
    if (testbed == null || testbed.isBlank()) {
      problems.add("testbed: must name the testbed");
    } else if (testbed.contains("|")) {
      problems.add("testbed: must not contain '|' (it separates key parts on Kafka)");
    }
    kafka.validate().forEach(p -> problems.add("kafka." + p));
    database.validate().forEach(p -> problems.add("database." + p));
    spool.validate().forEach(p -> problems.add("spool." + p));
    alerts.validate().forEach(p -> problems.add("alerts." + p));
    for (int i = 0; i < sources.size(); i++) {
      for (String p : sources.get(i).validate()) {
        problems.add("sources[" + i + "]." + p);
      }
    }
    return problems;
  }

  /** A testbed with no file: this machine's host source and embedded services. */
  public static TestbedConfig localDefaults(String hostName, Path spoolDir) {
    return new TestbedConfig(
        "local",
        KafkaConfig.EMBEDDED,
        DatabaseConfig.EMBEDDED,
        SpoolConfig.at(spoolDir),
        AlertsConfig.NONE,
        MissingNode.getInstance(),
        List.of(SourceConfig.host(hostName)),
        Path.of("."));
  }
}
