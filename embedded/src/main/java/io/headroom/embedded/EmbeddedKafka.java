package io.headroom.embedded;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import kafka.tools.StorageTool$;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Time;

/**
 * A real Apache Kafka broker (the one from Maven Central, KRaft mode, broker and controller in one
 * node) running inside this JVM, for the demo and for any command given no cluster. It keeps its
 * log directory and ports across {@link #stop()} and {@link #start()}, so a test can take the
 * broker away in the middle of a stream and bring the same one back.
 */
public final class EmbeddedKafka implements AutoCloseable {
  /** The log cleaner's dedupe map, on the heap (Kafka's default: 128 MiB); why: properties(). */
  static final long CLEANER_DEDUPE_BYTES = 16L << 20;

  private final Path logDir;
  private final int port;
  private final int controllerPort;
  private final Tls tls;
  private KafkaRaftServer server;

  /** A TLS client listener: the broker's key and certificate in a PKCS12 keystore. */
  public record Tls(Path keystore, String password) {}

  private EmbeddedKafka(Path logDir, int port, int controllerPort, Tls tls) {
    this.logDir = logDir;
    this.port = port;
    this.controllerPort = controllerPort;
    this.tls = tls;
  }

  /** Formats {@code logDir} (if new) and starts a broker on free loopback ports. */
  public static EmbeddedKafka start(Path logDir) throws IOException {
    return start(logDir, null);
  }

  /** The same with clients served over TLS ({@code tls} null: plaintext). */
  public static EmbeddedKafka start(Path logDir, Tls tls) throws IOException {
    EmbeddedKafka kafka = new EmbeddedKafka(logDir, FreePorts.next(), FreePorts.next(), tls);
    kafka.format();
    kafka.start();
    return kafka;
  }

  public String bootstrapServers() {
    return "127.0.0.1:" + port;
  }

  public synchronized void start() {
    if (server != null) {
      return;
    }
    KafkaRaftServer s = new KafkaRaftServer(KafkaConfig.fromProps(properties(), false), Time.SYSTEM);
    s.startup();
    server = s;
  }

  /** Stops the broker and waits until it is down; the log directory stays. */
  public synchronized void stop() {
    if (server == null) {
      return;
    }
    server.shutdown();
    server.awaitShutdown();
    server = null;
  }

  @Override
  public void close() {
    stop();
  }

  public Path logDir() {
    return logDir;
  }

  private void format() throws IOException {
    if (Files.exists(logDir.resolve("meta.properties"))) {
      return;
    }
    Files.createDirectories(logDir);
    Path config = logDir.resolveSibling(logDir.getFileName() + ".properties");
    try (Writer w = Files.newBufferedWriter(config)) {
      properties().store(w, "Headroom embedded broker");
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int rc = StorageTool$.MODULE$.execute(
        new String[] {"format", "--cluster-id", Uuid.randomUuid().toString(), "--config", config.toString()},
        new PrintStream(out, true, StandardCharsets.UTF_8));
    if (rc != 0) {
      throw new IOException("formatting Kafka log directory " + logDir + " failed: "
          + out.toString(StandardCharsets.UTF_8).trim());
    }
  }

  private Properties properties() {
    Properties p = new Properties();
    p.put("process.roles", "broker,controller");
    p.put("node.id", "1");
    p.put("controller.quorum.voters", "1@127.0.0.1:" + controllerPort);
    String client = tls == null ? "PLAINTEXT" : "SSL";
    p.put("listeners", client + "://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort);
    p.put("advertised.listeners", client + "://127.0.0.1:" + port);
    p.put("controller.listener.names", "CONTROLLER");
    p.put("listener.security.protocol.map", client + ":" + client + ",CONTROLLER:PLAINTEXT");
    p.put("inter.broker.listener.name", client);
    if (tls != null) {
      p.put("ssl.keystore.type", "PKCS12");
      p.put("ssl.keystore.location", tls.keystore().toString());
      p.put("ssl.keystore.password", tls.password());
      p.put("ssl.key.password", tls.password());
      // the broker, as a client of its own listener, trusts its own certificate
      p.put("ssl.truststore.type", "PKCS12");
      p.put("ssl.truststore.location", tls.keystore().toString());
      p.put("ssl.truststore.password", tls.password());
    }
    p.put("log.dirs", logDir.toString());
    p.put("num.partitions", "4");
    // One node: every internal topic has exactly one replica.
    p.put("offsets.topic.replication.factor", "1");
    p.put("offsets.topic.num.partitions", "4");
    p.put("transaction.state.log.replication.factor", "1");
    p.put("transaction.state.log.min.isr", "1");
    p.put("share.coordinator.state.topic.replication.factor", "1");
    p.put("share.coordinator.state.topic.min.isr", "1");
    p.put("group.initial.rebalance.delay.ms", "0");
    // On a loaded 2-core machine a starved broker can miss its heartbeats to its own controller
    // and be fenced (its partitions lose their leader for a while): give it more slack.
    p.put("broker.session.timeout.ms", "30000");
    // The log cleaner (for the compacted topology topic) allocates its dedupe map on the heap at
    // start: 128 MiB by default, three quarters of the embedded broker's live heap (bench/soak's
    // broker: 156 MiB live, 142 MiB of it byte arrays). 16 MiB maps about 630,000 keys a pass
    // (24 bytes a key at 0.9 load), where a testbed has thousands of entities and relations.
    p.put("log.cleaner.dedupe.buffer.size", Long.toString(CLEANER_DEDUPE_BYTES));
    return p;
  }
}
