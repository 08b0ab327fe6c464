package io.headroom.bench;

import io.headroom.analyzer.ingest.IngestConfig;
import io.headroom.analyzer.ingest.IngestLoop;
import io.headroom.analyzer.store.Database;
import io.headroom.analyzer.store.Migrations;
import io.headroom.analyzer.store.StorageFlavor;
import io.headroom.analyzer.store.StoreConfig;
import io.headroom.embedded.EmbeddedKafka;
import io.headroom.model.kafka.BatchIds;
import io.headroom.model.kafka.KafkaClient;
import io.headroom.model.kafka.Point;
import io.headroom.model.kafka.SampleBatch;
import io.headroom.model.kafka.SampleBatchCodec;
import io.headroom.model.kafka.TopicSetup;
import io.headroom.model.kafka.Topics;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Future;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Ingest throughput, Kafka -> PostgreSQL, against its peers in the same run on the same machine:
 * psql loading the very same rows into the same table as CSV and as binary COPY.
 *
 * <p>Load: ENTITIES entities x METRICS metrics x SECONDS scrapes, one Kafka message per entity
 * per scrape (what the collector sends), the last SECONDS seconds up to now (so rows land in
 * today's partitions), all produced before the analyzer starts, so the figure is the analyzer's
 * alone. Targets: at least 100% of psql's CSV \copy and 85% of its binary COPY.
 */
public final class IngestBench {
  static final double TARGET_OF_CSV = 1.00;
  static final double TARGET_OF_BINARY = 0.85;

  public static void main(String[] args) throws Exception {
    int entities = Integer.getInteger("entities", 500);
    int metrics = Integer.getInteger("metrics", 10);
    int seconds = Integer.getInteger("seconds", 400);
    long total = (long) entities * metrics * seconds;
    Path work = System.getProperty("work") != null ? Path.of(System.getProperty("work"))
        : Files.createTempDirectory("headroom-bench-"); // left behind: bench/ingest/run passes -Dwork and removes it
    String dbName = System.getProperty("db", "headroom_bench_" + System.currentTimeMillis());
    double t0 = Math.floor(System.currentTimeMillis() / 1000.0) - seconds;
    try (EmbeddedKafka kafka = EmbeddedKafka.start(work.resolve("kafka"));
        BenchDb db = BenchDb.create(System.getProperty("pg", "127.0.0.1:5432"), dbName, work)) {
      Topics topics = new Topics("bench.");
      TopicSetup.ensure(KafkaClient.plaintext(kafka.bootstrapServers()), topics, 4, (short) 1); // waits for leaders
      System.out.printf("producing %,d samples (%d entities x %d metrics x %d s, from %s) ...%n",
          total, entities, metrics, seconds, java.time.Instant.ofEpochSecond((long) t0));
      produce(kafka.bootstrapServers(), topics, entities, metrics, seconds, t0);
      StorageFlavor flavor;
      try (Database d = new Database(db.url, null, null)) {
        flavor = Migrations.migrateAndMaintain(d.connection(), StoreConfig.DEFAULTS);
      }
      System.out.printf("database %s on %s:%d, samples as %s%n", db.name, db.host, db.port, flavor);
      db.execute("CHECKPOINT");
      PeerCopy.Load ingest = ingest(kafka.bootstrapServers(), topics, db, total);
      checkPartitions(db, flavor);
      PeerCopy peers = new PeerCopy(db, work);
      peers.export();
      PeerCopy.Load csv = peers.load(PeerCopy.Format.CSV, total);
      PeerCopy.Load binary = peers.load(PeerCopy.Format.BINARY, total);
      report(ingest.rowsPerSecond(), csv.rowsPerSecond(), binary.rowsPerSecond());
      reportServerCpu(total, ingest, csv, binary);
      if (Boolean.getBoolean("indexes")) {
        new IndexChoice(db, peers, t0, seconds).run(total);
      }
    }
  }

  private static void report(double ingest, double csv, double binary) {
    System.out.printf("%nRESULT headroom ingest %,.0f samples/s%n", ingest);
    System.out.printf("RESULT psql \\copy CSV %,.0f rows/s: ratio %.0f%% (target >= %.0f%%: %s)%n",
        csv, 100 * ingest / csv, 100 * TARGET_OF_CSV, ingest / csv >= TARGET_OF_CSV ? "met" : "NOT met");
    System.out.printf("RESULT psql \\copy binary %,.0f rows/s: ratio %.0f%% (target >= %.0f%%: %s)%n",
        binary, 100 * ingest / binary, 100 * TARGET_OF_BINARY,
        ingest / binary >= TARGET_OF_BINARY ? "met" : "NOT met");
  }

  /**
   * What each loader cost the server per row, in CPU: apart from how much of a core its backend
   * got, which on a shared machine moves the rates above.
   */
  private static void reportServerCpu(long rows, PeerCopy.Load ingest, PeerCopy.Load csv, PeerCopy.Load binary) {
    System.out.printf("RESULT server backend CPU per 1,000 rows: headroom %.2f ms, psql CSV %.2f ms, psql binary %.2f ms "
        + "(headroom's is %.0f%% of binary's)%n", perThousand(ingest, rows), perThousand(csv, rows),
        perThousand(binary, rows), 100 * ingest.serverCpuSeconds() / binary.serverCpuSeconds());
  }

  private static double perThousand(PeerCopy.Load load, long rows) {
    return 1e6 * load.serverCpuSeconds() / rows;
  }

  private static void produce(String bootstrap, Topics topics, int entities, int metrics, int seconds, double t0)
      throws Exception {
    BatchIds ids = new BatchIds();
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

  /**
   * Runs the analyzer's ingest until every sample is stored. The figure is timed from its first
   * fetched message (the consumer group's join before it is a start-up cost, printed apart); the
   * CPU of its two threads (fetch and decode, store), of the whole JVM (the embedded broker's
   * included) and of its server backend are printed beside it.
   */
  private static PeerCopy.Load ingest(String bootstrap, Topics topics, BenchDb db, long total) throws Exception {
    Database database = new Database(db.url + "&ApplicationName=" + BackendCpu.INGEST_APP, null, null);
    IngestLoop loop = new IngestLoop(IngestConfig.defaults(KafkaClient.plaintext(bootstrap), topics), database);
    Thread t = new Thread(loop, "ingest");
    BackendCpu server = BackendCpu.follow(db, BackendCpu.INGEST_APP);
    long started = System.nanoTime();
    t.start();
    while (loop.messagesFetched() == 0) {
      Thread.sleep(1);
    }
    long firstFetch = System.nanoTime();
    long jvmAtFirstFetch = processCpuNanos();
    while (loop.samplesStored() < total) {
      Thread.sleep(5);
    }
    long end = System.nanoTime();
    long jvm = processCpuNanos() - jvmAtFirstFetch;
    long ingestThreads = threadCpuNanos("ingest");
    loop.close();
    t.join();
    double serverCpu = server.seconds();
    database.close();
    double secs = (end - firstFetch) / 1e9;
    System.out.printf("headroom ingest: %,d samples in %.2f s from the first fetch (%.2f s with the group join)%n",
        total, secs, (end - started) / 1e9);
    System.out.printf("headroom ingest CPU per 1,000 samples: its fetch+decode and store threads %.2f ms, "
        + "the whole JVM from the first fetch (embedded broker included) %.2f ms, its server backend %.2f ms%n",
        1e-3 * ingestThreads / total, 1e-3 * jvm / total, 1e6 * serverCpu / total);
    return new PeerCopy.Load(total / secs, serverCpu);
  }

  private static long processCpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
  }

  /** CPU time so far of the live threads whose names start with {@code prefix}. */
  private static long threadCpuNanos(String prefix) {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long sum = 0;
    for (Thread th : Thread.getAllStackTraces().keySet()) {
      if (th.getName().startsWith(prefix)) {
        sum += Math.max(0, threads.getThreadCpuTime(th.getId()));
      }
    }
    return sum;
  }

  /** The rows must be in the day's partitions (or chunks), as in production, not in sample_default. */
  private static void checkPartitions(BenchDb db, StorageFlavor flavor) throws Exception {
    if (flavor != StorageFlavor.PARTITIONED) {
      return;
    }
    long strays = db.count("SELECT count(*) FROM sample_default");
    if (strays > 0) {
      throw new IllegalStateException(strays + " rows landed in sample_default instead of the day's partition");
    }
    for (String line : db.lines("SELECT tableoid::regclass || ': ' || count(*) FROM sample GROUP BY tableoid")) {
      System.out.println("rows in " + line);
    }
  }
}
