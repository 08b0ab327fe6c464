package io.headroom.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.headroom.model.TestbedName;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A testbed file (docs/configuration.md): which testbed this is, where Kafka and the database are
 * (absent means the embedded ones), the collector's spool, alert webhooks, detection thresholds
 * (the analyzer binds and checks them: {@code ThresholdsBinder}), the sources to scrape, the
 * collector's own settings (its worker pool) and how onsets are found ({@code detection.onsets},
 * bound by the analyzer too) and the Prometheus remote-write endpoints every stored reading goes to.
 */
public record TestbedConfig(
    String testbed,
    KafkaConfig kafka,
    DatabaseConfig database,
    SpoolConfig spool,
    AlertsConfig alerts,
    JsonNode thresholds,
    List<SourceConfig> sources,
    Path baseDir,
    ApiConfig api,
    CollectorConfig collector,
    JsonNode onsets,
    JsonNode compare,
    List<RemoteWriteTarget> remoteWrite) {

  public TestbedConfig {
    sources = List.copyOf(sources);
    api = api == null ? ApiConfig.NONE : api;
    collector = collector == null ? CollectorConfig.DEFAULTS : collector;
    onsets = onsets == null ? MissingNode.getInstance() : onsets;
    compare = compare == null ? MissingNode.getInstance() : compare;
    remoteWrite = remoteWrite == null ? List.of() : List.copyOf(remoteWrite);
  }

  /** A testbed without a {@code remote_write:} section. */
  public TestbedConfig(String testbed, KafkaConfig kafka, DatabaseConfig database, SpoolConfig spool,
      AlertsConfig alerts, JsonNode thresholds, List<SourceConfig> sources, Path baseDir, ApiConfig api,
      CollectorConfig collector, JsonNode onsets, JsonNode compare) {
    this(testbed, kafka, database, spool, alerts, thresholds, sources, baseDir, api, collector, onsets, compare,
        List.of());
  }

  /** A testbed without a {@code detection.compare:} section (`headroom compare`'s noise_floor). */
  public TestbedConfig(String testbed, KafkaConfig kafka, DatabaseConfig database, SpoolConfig spool,
      AlertsConfig alerts, JsonNode thresholds, List<SourceConfig> sources, Path baseDir, ApiConfig api,
      CollectorConfig collector, JsonNode onsets) {
    this(testbed, kafka, database, spool, alerts, thresholds, sources, baseDir, api, collector, onsets,
        MissingNode.getInstance());
  }

  /** A testbed without a {@code detection.onsets:} section. */
  public TestbedConfig(String testbed, KafkaConfig kafka, DatabaseConfig database, SpoolConfig spool,
      AlertsConfig alerts, JsonNode thresholds, List<SourceConfig> sources, Path baseDir, ApiConfig api,
      CollectorConfig collector) {
    this(testbed, kafka, database, spool, alerts, thresholds, sources, baseDir, api, collector, MissingNode.getInstance());
  }

  /** A testbed without a {@code collector:} section. */
  public TestbedConfig(String testbed, KafkaConfig kafka, DatabaseConfig database, SpoolConfig spool,
      AlertsConfig alerts, JsonNode thresholds, List<SourceConfig> sources, Path baseDir, ApiConfig api) {
    this(testbed, kafka, database, spool, alerts, thresholds, sources, baseDir, api, CollectorConfig.DEFAULTS);
  }

  /** A testbed without an {@code api:} section. */
  public TestbedConfig(String testbed, KafkaConfig kafka, DatabaseConfig database, SpoolConfig spool,
      AlertsConfig alerts, JsonNode thresholds, List<SourceConfig> sources, Path baseDir) {
    this(testbed, kafka, database, spool, alerts, thresholds, sources, baseDir, ApiConfig.NONE);
  }

  /** Every problem at once, so a person fixes the file in one go; empty when usable. */
  public List<String> validate() {
    List<String> problems = new ArrayList<>();
    String testbedProblem = TestbedName.problem(testbed);
    if (testbedProblem != null) {
      problems.add("testbed: " + testbedProblem);
    }
    kafka.validate().forEach(p -> problems.add("kafka." + p));
    database.validate().forEach(p -> problems.add("database." + p));
    spool.validate().forEach(p -> problems.add("spool." + p));
    alerts.validate().forEach(p -> problems.add("alerts." + p));
    api.validate().forEach(p -> problems.add("api." + p));
    collector.validate().forEach(p -> problems.add("collector." + p));
    for (int i = 0; i < remoteWrite.size(); i++) {
      for (String p : remoteWrite.get(i).validate()) {
        problems.add("remote_write[" + i + "]." + p);
      }
    }
    if (remoteWrite.stream().map(RemoteWriteTarget::name).distinct().count() < remoteWrite.size()) {
      problems.add("remote_write: two endpoints with one name; give each its own name:");
    }
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
