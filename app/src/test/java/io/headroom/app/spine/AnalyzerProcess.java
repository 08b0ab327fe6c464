package io.headroom.app.spine;

import io.headroom.analyzer.ingest.GroupMembership;
import io.headroom.analyzer.ingest.IngestConfig;
import io.headroom.app.service.AnalyzerService;
import io.headroom.app.testing.TestDatabase;
import io.headroom.model.kafka.KafkaClient;
import io.headroom.model.kafka.Topics;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * An analyzer in a JVM of its own, so a test can kill it as a supervisor's kill -9 would: no
 * consumer close, no LeaveGroup, no offsets committed on the way out. Its main prints
 * {@value #STARTED} once its ingest runs.
 */
final class AnalyzerProcess {
  static final String STARTED = "analyzer started";

  private AnalyzerProcess() {}

  /** Args: bootstrap, database URL, topic prefix, instance id ("none": dynamic), session timeout in ms. */
  public static void main(String[] args) throws Exception {
    String id = args[3];
    Duration session = Duration.ofMillis(Long.parseLong(args[4]));
    IngestConfig ingest = IngestConfig.defaults(KafkaClient.plaintext(args[0]), new Topics(args[2]))
        .with(new GroupMembership("none".equals(id) ? null : id, session));
    try (AnalyzerService analyzer = new AnalyzerService(ingest, args[1], null, null, TestDatabase.KEEPING_FIXED_DATES)) {
      System.out.println(STARTED);
      System.out.flush();
      System.out.println("stopped: " + analyzer.failure().get());
    }
  }

  /** Starts one, its output (the analyzer's log) in {@code log}. */
  static Process start(String bootstrap, String dbUrl, Topics topics, GroupMembership membership, Path log)
      throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    ProcessBuilder pb = new ProcessBuilder(List.of(java, "-Xmx256m", "-cp", System.getProperty("java.class.path"),
        AnalyzerProcess.class.getName(), bootstrap, dbUrl, topics.prefix(),
        membership.instanceId() == null ? "none" : membership.instanceId(),
        Long.toString(membership.sessionTimeout().toMillis())));
    pb.redirectErrorStream(true);
    pb.redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
    return pb.start();
  }
}
