package io.headroom.bench;

import io.headroom.analyzer.ingest.IngestConfig;
import io.headroom.analyzer.ingest.IngestLoop;
import io.headroom.analyzer.store.Database;
import io.headroom.analyzer.store.Migrations;
import io.headroom.analyzer.store.StoreConfig;
import io.headroom.embedded.EmbeddedDatabase;
import io.headroom.embedded.EmbeddedKafka;
import io.headroom.model.kafka.BatchIds;
import io.headroom.model.kafka.KafkaClient;
import io.headroom.model.kafka.Point;
import io.headroom.model.kafka.SampleBatch;
import io.headroom.model.kafka.SampleBatchCodec;
import io.headroom.model.kafka.TopicSetup;
import io.headroom.model.kafka.Topics;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Future;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Ingest throughput, Kafka -> PostgreSQL, against its ceiling: psql's \copy of the same rows into
 * the same table, measured in the same run on the same machine.
 *
 * <p>Load: ENTITIES entities x METRICS metrics x SECONDS scrapes, one Kafka message per entity
 * per scrape (what the collector sends), all produced before the analyzer starts, so the figure
 * is the analyzer's alone.
 */
public final class IngestBench {
  public static void main(String[] args) throws Exception {
    int entities = Integer.parseInt(System.getProperty("entities", "500"));
    int metrics = Integer.parseInt(System.getProperty("metrics", "10"));
    int seconds = Integer.parseInt(System.getProperty("seconds", "400"));
    long total = (long) entities * metrics * seconds;
    Path work = Files.createTempDirectory("headroom-bench-");
    try (EmbeddedKafka kafka = EmbeddedKafka.start(work.resolve("kafka"));
        Db db = Db.create(work)) {
      Topics topics = new Topics("bench.");
      TopicSetup.ensure(KafkaClient.plaintext(kafka.bootstrapServers()), topics, 4, (short) 1);
      System.out.printf("producing %,d samples (%d entities x %d metrics x %d s) ...%n", total, entities, metrics, seconds);
      produce(kafka.bootstrapServers(), topics, entities, metrics, seconds);
      try (Database d = new Database(db.url, null, null)) {
        Migrations.migrateAndMaintain(d.connection(), StoreConfig.DEFAULTS);
      }
      double ingest = ingest(kafka.bootstrapServers(), topics, db.url, total);
      double copy = psqlCopy(db, work, total);
      System.out.printf("%nRESULT ingest %,.0f samples/s; psql \\copy %,.0f samples/s; ratio %.0f%%%n",
          ingest, copy, 100 * ingest / copy);
    }
  }

  private static void produce(String bootstrap, Topics topics, int entities, int metrics, int seconds) throws Exception {
    BatchIds ids = new BatchIds();
    double t0 = 1_795_995_443.0;
    try (KafkaProducer<byte[], byte[]> p = new KafkaProducer<>(Map.of("bootstrap.servers", bootstrap,
        "acks", "all", "compression.type", "lz4", "linger.ms", 20, "batch.size", 512 * 1024),
        new ByteArraySerializer(), new ByteArraySerializer())) {
      List<Future<RecordMetadata>> last = new ArrayList<>();
      for (int s = 0; s < seconds; s++) {
        for (int e = 0; e < entities; e++) {
          List<Point> points = new ArrayList<>(metrics);
          for (int m = 0; m < metrics; m++) {
            points.add(new Point(t0 + s, "metric_" + m, e * 1000.0 + m + s / 1000.0));
          }
          SampleBatch b = new SampleBatch(ids.next(), "bench", "h" + (e / 50) + "/disk/d" + e, points);
          last.add(p.send(new ProducerRecord<>(topics.samples(), b.key().getBytes(), SampleBatchCodec.encode(b))));
        }
        if (last.size() > 20_000) {
          for (Future<RecordMetadata> f : last) {
            f.get();
          }
          last.clear();
        }
      }
      p.flush();
    }
  }

  private static double ingest(String bootstrap, Topics topics, String url, long total) throws Exception {
    IngestLoop loop = new IngestLoop(IngestConfig.defaults(KafkaClient.plaintext(bootstrap), topics), new Database(url, null, null));
    Thread t = new Thread(loop, "ingest");
    long start = System.nanoTime();
    t.start();
    while (loop.samplesStored() < total) {
      Thread.sleep(5);
    }
    double secs = (System.nanoTime() - start) / 1e9;
    loop.close();
    t.join();
    System.out.printf("ingest: %,d samples in %.2f s%n", total, secs);
    return total / secs;
  }

  /** Exports the ingested rows, empties the table, and times psql loading them back. */
  private static double psqlCopy(Db db, Path work, long total) throws Exception {
    Path csv = work.resolve("samples.csv");
    Files.deleteIfExists(csv);
    run(List.of("psql", "-q", "-h", "127.0.0.1", "-p", Integer.toString(db.port), "-U", "postgres", "-d", db.name,
        "-c", "\\copy (SELECT * FROM sample) TO '" + csv + "' CSV"));
    try (Connection c = DriverManager.getConnection(db.url); Statement s = c.createStatement()) {
      s.execute("TRUNCATE sample");
      s.execute("CHECKPOINT");
    }
    long start = System.nanoTime();
    run(List.of("psql", "-q", "-h", "127.0.0.1", "-p", Integer.toString(db.port), "-U", "postgres", "-d", db.name,
        "-c", "\\copy sample FROM '" + csv + "' CSV"));
    double secs = (System.nanoTime() - start) / 1e9;
    try (Connection c = DriverManager.getConnection(db.url); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT count(*) FROM sample")) {
      rs.next();
      if (rs.getLong(1) != total) {
        throw new IllegalStateException("psql loaded " + rs.getLong(1) + " rows, expected " + total);
      }
    }
    System.out.printf("psql \\copy: %,d samples in %.2f s%n", total, secs);
    return total / secs;
  }

  private static void run(List<String> cmd) throws Exception {
    Process p = new ProcessBuilder(cmd).inheritIO().start();
    if (p.waitFor() != 0) {
      throw new IllegalStateException(String.join(" ", cmd) + " exited " + p.exitValue());
    }
  }

  /** A fresh database on 127.0.0.1:5432 when it answers, else on an embedded PostgreSQL. */
  private static final class Db implements AutoCloseable {
    final String url;
    final String name;
    final int port;
    final EmbeddedDatabase embedded;

    Db(String url, String name, int port, EmbeddedDatabase embedded) {
      this.url = url;
      this.name = name;
      this.port = port;
      this.embedded = embedded;
    }

    static Db create(Path work) throws Exception {
      EmbeddedDatabase embedded = null;
      int port = 5432;
      String admin = "jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres";
      try (Socket s = new Socket()) {
        s.connect(new InetSocketAddress("127.0.0.1", 5432), 500);
      } catch (Exception e) {
        embedded = EmbeddedDatabase.start(work.resolve("pg"));
        port = embedded.port();
        admin = embedded.jdbcUrl();
      }
      String name = "headroom_bench_" + System.currentTimeMillis();
      try (Connection c = DriverManager.getConnection(admin); Statement s = c.createStatement()) {
        s.execute("CREATE DATABASE " + name);
      }
      return new Db("jdbc:postgresql://127.0.0.1:" + port + "/" + name + "?user=postgres", name, port, embedded);
    }

    @Override
    public void close() throws Exception {
      if (embedded != null) {
        embedded.close();
      }
    }
  }
}
