package io.headroom.app.lab;

import io.headroom.model.kafka.KafkaClient;
import io.headroom.analyzer.analysis.RunAnalyzer;
import io.headroom.analyzer.data.RunData;
import io.headroom.analyzer.ingest.IngestConfig;
import io.headroom.analyzer.store.RunDataLoader;
import io.headroom.analyzer.store.StoreConfig;
import io.headroom.app.service.AnalyzerService;
import io.headroom.app.service.CollectorService;
import io.headroom.app.service.Sources;
import io.headroom.app.testing.TestDatabase;
import io.headroom.collector.workload.FioFailedException;
import io.headroom.collector.workload.FioResult;
import io.headroom.collector.workload.FioRunner;
import io.headroom.config.SpoolConfig;
import io.headroom.config.TestbedConfig;
import io.headroom.config.TestbedLoader;
import io.headroom.collector.declared.DeclaredSourceFactory;
import io.headroom.collector.declared.WorkloadRelations;
import io.headroom.collector.source.SourceRegistry;
import io.headroom.embedded.EmbeddedKafka;
import io.headroom.model.Phase;
import io.headroom.model.RecordingRecord;
import io.headroom.model.Verdict;
import io.headroom.model.kafka.TopicSetup;
import io.headroom.model.kafka.Topics;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The product as deployed, for every case: a Kafka broker, PostgreSQL, the analyzer daemon (its
 * live verdicts posted to a webhook), and per case a collector with the testbed file's sources
 * and fio run by the benchmark runner in the client's cgroup.
 */
final class LabPipeline implements AutoCloseable {
  final EmbeddedKafka kafka;
  final TestDatabase db;
  final WebhookReceiver hooks;
  final AnalyzerService analyzer;
  private final Topics topics;
  private final Path dir;

  /**
   * What one case produced: the fio records as sent (phases with their times), what the database
   * holds for the run's time, and the verdict over it.
   */
  record Outcome(String testbed, String run, List<RecordingRecord> records, RunData data, Verdict verdict) {
    Map<String, Phase> phases() {
      Map<String, Phase> out = new LinkedHashMap<>();
      for (RecordingRecord r : records) {
        if (r instanceof Phase p) {
          out.put(p.name(), p); // the last record of a phase is the closed one
        }
      }
      return out;
    }
  }

  LabPipeline(Path dir) throws Exception {
    this.dir = dir;
    kafka = EmbeddedKafka.start(dir.resolve("kafka"));
    topics = new Topics("lab" + System.nanoTime() + ".");
    TopicSetup.ensure(KafkaClient.plaintext(kafka.bootstrapServers()), topics, 2, (short) 1);
    db = TestDatabase.create();
    hooks = new WebhookReceiver();
    analyzer = new AnalyzerService(IngestConfig.defaults(KafkaClient.plaintext(kafka.bootstrapServers()), topics), db.url(), null, null,
        StoreConfig.DEFAULTS, List.of(hooks.uri()));
  }

  Outcome run(LabCase c, LabTestbed bed) throws Exception {
    TestbedConfig testbed = TestbedLoader.load(bed.testbedFile(), dir.resolve("spool-" + bed.id));
    String runId = "lab-" + c.name() + "-" + bed.id;
    List<RecordingRecord> records = new ArrayList<>();
    FioResult result;
    try (CollectorService collector = new CollectorService(testbed.testbed(), KafkaClient.plaintext(kafka.bootstrapServers()), topics,
        new SpoolConfig(dir.resolve("spool-" + bed.id), 64L << 20, 1L << 20),
        Sources.runners(testbed, SourceRegistry.discovered()), null)) {
      collector.start();
      Thread.sleep(2500); // every counter has a first reading, so rates exist when fio starts
      // As headroom run does: fio's host is the first source's, so its runs_on names client/cpu.
      FioRunner fio = new FioRunner(testbed.sources().get(0).host(), runId, testbed.testbed(), Path.of("/sys"))
          .executable(bed.fioWrapper(dir).toString())
          .workDir(Path.of("/dev/shm")); // tmpfs: no stray targets relation to the root disk
      List<String> args = new ArrayList<>(List.of("--ioengine=nbd", "--uri=" + bed.get("uri")));
      args.addAll(c.fio());
      try {
        result = fio.run(args, WorkloadRelations.decorate(DeclaredSourceFactory.workloadRelations(testbed), r -> {
          records.add(r);
          collector.publishRecord(r);
        }));
      } catch (FioFailedException e) {
        throw new AssertionError("fio failed: " + e.getMessage(), e);
      }
      Thread.sleep(1500); // the last second's readings
      collector.stopScraping();
      if (!collector.awaitDrained(Duration.ofSeconds(30))) {
        throw new AssertionError("Kafka did not take the case's records within 30 s");
      }
    }
    awaitEnded(testbed.testbed(), runId, Duration.ofSeconds(30));
    RunData data = load(testbed.testbed(), result);
    return new Outcome(testbed.testbed(), runId, records, data, new RunAnalyzer().analyze(data, runId));
  }

  /** The analyzer has stored the run's end (its last record). */
  private void awaitEnded(String testbed, String run, Duration timeout) throws Exception {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      try (Connection c = db.connect();
          PreparedStatement s = c.prepareStatement("SELECT end_ts FROM run WHERE testbed = ? AND run = ?")) {
        s.setString(1, testbed);
        s.setString(2, run);
        try (ResultSet rs = s.executeQuery()) {
          if (rs.next() && rs.getTimestamp(1) != null) {
            Thread.sleep(2000); // samples batched with the end
            return;
          }
        }
      }
      Thread.sleep(300);
    }
    throw new AssertionError("the analyzer did not store the end of run " + run + " within " + timeout);
  }

  /** What the database holds for the run's time: the verdict over it is the analyzer's final live verdict. */
  private RunData load(String testbed, FioResult result) throws Exception {
    try (Connection c = db.connect()) {
      return RunDataLoader.load(c, testbed, result.start() - 5, result.end() + 1);
    }
  }

  /** Distinct bottlenecks the analyzer stored for the run from the verdicts topic, in order. */
  List<String> storedVerdicts(String testbed, String run) throws Exception {
    List<String> out = new ArrayList<>();
    try (Connection c = db.connect(); PreparedStatement s = c.prepareStatement(
        "SELECT bottleneck FROM verdict WHERE testbed = ? AND run = ? ORDER BY computed_at")) {
      s.setString(1, testbed);
      s.setString(2, run);
      try (ResultSet rs = s.executeQuery()) {
        while (rs.next()) {
          if (out.isEmpty() || !out.get(out.size() - 1).equals(rs.getString(1))) {
            out.add(rs.getString(1));
          }
        }
      }
    }
    return out;
  }

  @Override
  public void close() throws Exception {
    analyzer.close();
    hooks.close();
    db.close();
    kafka.close();
  }
}
