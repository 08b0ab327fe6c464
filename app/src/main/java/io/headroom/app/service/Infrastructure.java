package io.headroom.app.service;

import io.headroom.config.DatabaseConfig;
import io.headroom.config.KafkaConfig;
import io.headroom.embedded.EmbeddedDatabase;
import io.headroom.embedded.EmbeddedKafka;
import io.headroom.model.kafka.KafkaClient;
import io.headroom.model.kafka.TopicSetup;
import io.headroom.model.kafka.Topics;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Kafka and PostgreSQL for a command: the named ones when the testbed or the command line names
 * them, else embedded ones started here (in {@code workDir}) and stopped on close.
 */
public final class Infrastructure implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Infrastructure.class);
  private final Path workDir;
  private EmbeddedKafka kafka;
  private EmbeddedDatabase database;

  public Infrastructure(Path workDir) {
    this.workDir = workDir;
  }

  /** The cluster to use, after making sure the four topics exist. */
  public KafkaClient kafka(KafkaConfig config) throws Exception {
    KafkaClient client;
    if (config.embedded()) {
      kafka = EmbeddedKafka.start(workDir.resolve("kafka"));
      client = KafkaClient.plaintext(kafka.bootstrapServers()); // loopback, this process
      LOG.info("started the embedded Kafka broker at {} (log in {})", client, kafka.logDir());
    } else {
      client = config.client(config.bootstrap());
    }
    // One embedded broker: 4 partitions, no replicas. A real cluster: room for 12 analyzers, and
    // three copies where there are three brokers.
    if (config.embedded()) {
      TopicSetup.ensure(client, new Topics(config.topicPrefix()), 4, (short) 1);
    } else {
      TopicSetup.ensure(client, new Topics(config.topicPrefix()), 12, (short) Math.min(3, brokerCount(client)));
    }
    return client;
  }

  /** Where to store: the named database, or an embedded PostgreSQL. */
  public DbTarget database(DatabaseConfig config) throws Exception {
    if (!config.embedded()) {
      return new DbTarget(config.url(), config.user(), config.password());
    }
    database = EmbeddedDatabase.start(workDir.resolve("postgres"));
    LOG.info("started the embedded PostgreSQL on port {} (data in {})", database.port(), workDir.resolve("postgres"));
    return new DbTarget(database.jdbcUrl(), null, null);
  }

  private static int brokerCount(KafkaClient client) throws Exception {
    try (var admin = org.apache.kafka.clients.admin.Admin.create(client.properties())) {
      return admin.describeCluster().nodes().get(30, java.util.concurrent.TimeUnit.SECONDS).size();
    }
  }

  @Override
  public void close() throws Exception {
    if (kafka != null) {
      kafka.close();
    }
    if (database != null) {
      database.close();
    }
  }

  /** A database to connect to; the password is never printed (see {@link #toString()}). */
  public record DbTarget(String url, String user, String password) {
    @Override
    public String toString() {
      int q = url.indexOf('?');
      return q < 0 ? url : url.substring(0, q) + "?...";
    }
  }
}
