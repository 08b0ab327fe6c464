package io.headroom.app.cli;

import io.headroom.app.service.Sources;
import io.headroom.collector.runtime.ScrapeRunner;
import io.headroom.collector.source.SourceRegistry;
import java.util.List;
import io.headroom.analyzer.detect.Thresholds;
import io.headroom.analyzer.analysis.RunAnalyzer;
import io.headroom.analyzer.detect.OnsetSettings;
import io.headroom.analyzer.detect.ThresholdsBinder;
import io.headroom.config.DatabaseConfig;
import io.headroom.config.KafkaConfig;
import io.headroom.config.TestbedConfig;
import io.headroom.config.TestbedLoader;
import io.headroom.config.ConfigException;
import io.headroom.config.Durations;
import io.headroom.app.service.StartupWait;
import java.time.Duration;
import java.net.InetAddress;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The options every long-running command shares: the testbed file and overrides for it. */
final class TestbedOptions {
  @Option(names = "--testbed", paramLabel = "FILE",
      description = "Testbed file (YAML, docs/configuration.md). Default: this machine's host source, embedded Kafka and PostgreSQL.")
  Path testbed;

  @Option(names = "--kafka", paramLabel = "HOST:PORT", description = "Kafka bootstrap servers (overrides the testbed file).")
  String kafka;

  @Option(names = "--db", paramLabel = "JDBC_URL", description = "PostgreSQL/TimescaleDB JDBC URL (overrides the testbed file).")
  String db;

  @Option(names = "--startup-wait", paramLabel = "DURATION", defaultValue = "60s",
      description = "How long a named Kafka or database may take to answer at start (default: ${DEFAULT-VALUE}); "
          + "one line per attempt, then exit " + ExitCodes.UNAVAILABLE + ".")
  String startupWait;

  StartupWait startupWait() throws ConfigException {
    try {
      Duration total = Durations.parse(startupWait);
      // about six attempts in all, at most 10 s apart
      Duration every = total.dividedBy(6).compareTo(Duration.ofSeconds(10)) > 0 ? Duration.ofSeconds(10)
          : total.dividedBy(6).compareTo(Duration.ofMillis(100)) < 0 ? Duration.ofMillis(100) : total.dividedBy(6);
      return new StartupWait(total, every);
    } catch (IllegalArgumentException e) {
      throw new ConfigException("--startup-wait: " + e.getMessage());
    }
  }

  TestbedConfig load(Path defaultSpool) throws ConfigException {
    TestbedConfig base = testbed == null
        ? TestbedConfig.localDefaults(localHostName(), defaultSpool)
        : TestbedLoader.load(testbed, defaultSpool);
    KafkaConfig k = kafka == null ? base.kafka()
        : new KafkaConfig(kafka, base.kafka().topicPrefix(), base.kafka().tls(), base.kafka().sasl());
    DatabaseConfig d = db == null ? base.database() : new DatabaseConfig(db, base.database().user(), base.database().passwordEnv());
    TestbedConfig merged = new TestbedConfig(base.testbed(), k, d, base.spool(), base.alerts(), base.thresholds(), base.sources(), base.baseDir(), base.api(), base.collector(), base.onsets(), base.compare(), base.remoteWrite());
    var problems = merged.validate();
    if (!problems.isEmpty()) {
      throw inFile(new ConfigException(String.join("; ", problems)));
    }
    return merged;
  }

  /**
   * As {@link #load}, for the commands that scrape (collect, collector, discover): a testbed with
   * no sources would run and print nothing, as if all were well.
   */
  TestbedConfig loadSources(Path defaultSpool) throws ConfigException {
    TestbedConfig config = load(defaultSpool);
    if (config.sources().isEmpty()) {
      throw new ConfigException(testbed + ": sources: none, so there is nothing to collect; "
          + "add one (docs/configuration.md)");
    }
    return config;
  }

  /** The testbed's sources in their runners; a source's refused settings are named with the file. */
  List<ScrapeRunner> runners(TestbedConfig config) throws ConfigException {
    try {
      return Sources.runners(config, SourceRegistry.discovered());
    } catch (ConfigException e) {
      throw inFile(e);
    }
  }

  /** {@code e} with the testbed file's name in front ("lab.yaml: sources[0]: ..."). */
  ConfigException inFile(ConfigException e) {
    return new ConfigException((testbed == null ? "command line" : testbed.toString()) + ": " + e.getMessage());
  }

  /** The detection thresholds of the testbed file (defaults where it says nothing). */
  static Thresholds thresholds(TestbedConfig testbed, Path file) throws ConfigException {
    try {
      return ThresholdsBinder.bind(testbed.thresholds(), (file == null ? "command line" : file.toString()) + ": detection.thresholds");
    } catch (IllegalArgumentException e) {
      throw new ConfigException(e.getMessage());
    }
  }

  Thresholds thresholds(TestbedConfig testbed) throws ConfigException {
    return thresholds(testbed, this.testbed);
  }

  static OnsetSettings onsets(TestbedConfig testbed, Path file) throws ConfigException {
    try {
      return ThresholdsBinder.onsets(testbed.onsets(), (file == null ? "command line" : file.toString()) + ": detection.onsets");
    } catch (IllegalArgumentException e) {
      throw new ConfigException(e.getMessage());
    }
  }

  /** The run analyzer the testbed file's {@code detection:} section sets up (the documented defaults without one). */
  static RunAnalyzer analyzer(TestbedConfig testbed, Path file) throws ConfigException {
    return new RunAnalyzer(thresholds(testbed, file), onsets(testbed, file));
  }

  RunAnalyzer analyzer(TestbedConfig testbed) throws ConfigException {
    return analyzer(testbed, this.testbed);
  }

  /** The host name entity ids start with: this machine's, without dots' domain part. */
  static String localHostName() {
    String name;
    try {
      name = InetAddress.getLocalHost().getHostName();
    } catch (Exception e) {
      name = System.getenv().getOrDefault("HOSTNAME", "localhost");
    }
    int dot = name.indexOf('.');
    return (dot > 0 ? name.substring(0, dot) : name).replaceAll("[/|\\s]", "_");
  }
}
