package io.headroom.app.service;

import io.headroom.config.DatabaseConfig;
import io.headroom.config.KafkaConfig;
import io.headroom.embedded.EmbeddedDatabase;
import io.headroom.embedded.EmbeddedKafka;
import io.headroom.model.kafka.KafkaClient;
import io.headroom.model.kafka.TopicSetup;
import io.headroom.model.kafka.Topics;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.HashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Kafka and PostgreSQL for a command: the named ones when the testbed or the command line names
 * them, else embedded ones started here (in {@code workDir}) and stopped on close.
 */
public final class Infrastructure implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Infrastructure.class);
  private final Path workDir;
  private final StartupWait wait;
  private EmbeddedKafka kafka;
  private EmbeddedDatabase database;

  public Infrastructure(Path workDir) {
    this(workDir, StartupWait.DEFAULT);
  }

  /** {@code wait}: how long a named Kafka or database may take to answer at start. */
  public Infrastructure(Path workDir, StartupWait wait) {
    this.workDir = workDir;
    this.wait = wait;
  }

  /** The cluster to use, after making sure the four topics exist. */
  public KafkaClient kafka(KafkaConfig config) throws Exception {
    KafkaClient client;
    int brokers = 1;
    if (config.embedded()) {
      kafka = EmbeddedKafka.start(workDir.resolve("kafka"));
      client = KafkaClient.plaintext(kafka.bootstrapServers()); // loopback, this process
      LOG.info("started the embedded Kafka broker at {} (log in {})", client, kafka.logDir());
    } else {
      client = config.client(config.bootstrap());
      brokers = wait.until("Kafka at " + config.bootstrap(), () -> brokerCount(client));
      LOG.info("Kafka at {} answers: {} broker(s)", config.bootstrap(), brokers);
    }
    // One embedded broker: 4 partitions, no replicas. A real cluster: room for 12 analyzers, and
    // three copies where there are three brokers.
    if (config.embedded()) {
      TopicSetup.ensure(client, new Topics(config.topicPrefix()), 4, (short) 1);
    } else {
      TopicSetup.ensure(client, new Topics(config.topicPrefix()), 12, (short) Math.min(3, brokers));
    }
    return client;
  }

  /** Where to store: the named database, or an embedded PostgreSQL. */
  public DbTarget database(DatabaseConfig config) throws Exception {
    if (!config.embedded()) {
      DbTarget target = new DbTarget(config.url(), config.user(), config.password());
      wait.until("the database at " + target, () -> {
        try (Connection c = DriverManager.getConnection(target.url(), target.connectProperties())) {
          return c.isValid(5);
        }
      });
      return target;
    }
    database = EmbeddedDatabase.start(workDir.resolve("postgres"));
    LOG.info("started the embedded PostgreSQL on port {} (data in {})", database.port(), workDir.resolve("postgres"));
    return new DbTarget(database.jdbcUrl(), null, null);
  }

  /** One attempt of at most 5 s: the start-up wait retries, and says so, not the admin client. */
  private static int brokerCount(KafkaClient client) throws Exception {
    Map<String, Object> props = new HashMap<>(client.properties());
    props.put("request.timeout.ms", 5000);
    props.put("default.api.timeout.ms", 5000);
    try (var admin = org.apache.kafka.clients.admin.Admin.create(props)) {
      return admin.describeCluster().nodes().get(5, java.util.concurrent.TimeUnit.SECONDS).size();
    } catch (java.util.concurrent.ExecutionException e) {
      throw new Exception(e.getCause().getMessage(), e.getCause());
    } catch (java.util.concurrent.TimeoutException e) {
      throw new Exception("no answer within 5 s", e);
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
    java.util.Properties connectProperties() {
      java.util.Properties p = new java.util.Properties();
      if (user != null) {
        p.setProperty("user", user);
      }
      if (password != null) {
        p.setProperty("password", password);
      }
      p.setProperty("connectTimeout", "5");
      return p;
    }

    @Override
    public String toString() {
      int q = url.indexOf('?');
      return q < 0 ? url : url.substring(0, q) + "?...";
    }
  }
}
