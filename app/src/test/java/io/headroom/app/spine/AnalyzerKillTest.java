package io.headroom.app.spine;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.analyzer.ingest.GroupMembership;
import io.headroom.app.testing.TestDatabase;
import io.headroom.embedded.EmbeddedKafka;
import io.headroom.model.kafka.KafkaClient;
import io.headroom.model.kafka.Point;
import io.headroom.model.kafka.SampleBatch;
import io.headroom.model.kafka.SampleBatchCodec;
import io.headroom.model.kafka.TopicSetup;
import io.headroom.model.kafka.Topics;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * An analyzer killed (SIGKILL: no LeaveGroup, nothing committed on the way out) and restarted at
 * once, with readings arriving every 100 ms: how long until the ingest stores again
 * (docs/architecture.md, "After an analyzer is killed"). A killed consumer's partitions stay
 * its own until its session times out; a static member restarted under its instance id takes
 * them back at once instead.
 */
class AnalyzerKillTest {
  private static final double T0 = 1_795_995_443.0;
  @TempDir Path dir;

  /** Kill to restart ready, kill to the first new row stored. */
  record Resume(Duration toReady, Duration toStored) {
    Duration readyToStored() {
      return toStored.minus(toReady);
    }
  }

  @Test
  void aStaticMemberRestartedAfterAKillStoresAgainWithoutWaitingOutItsSession() throws Exception {
    // a session of 30 s, so that what a wait for it would cost stands out from a JVM's start
    Resume r = killAndRestart(new GroupMembership("kill-test", Duration.ofSeconds(30)), "static-30s");
    // Waiting for the old member's session, nothing is stored until 30 s after the kill; a static
    // member rejoins at once, so it stores within a poll or two of being ready.
    assertTrue(r.readyToStored().compareTo(Duration.ofSeconds(6)) < 0, r.toString());
    assertTrue(r.toStored().compareTo(Duration.ofSeconds(30)) < 0, r.toString());
  }

  /** As shipped: a static member, the session shortened to 10 s. */
  @Test
  @EnabledIfSystemProperty(named = "headroom.measure.kill", matches = "true")
  void asShipped() throws Exception {
    Resume r = killAndRestart(GroupMembership.staticAs("kill-test"), "static-10s");
    assertTrue(r.readyToStored().compareTo(Duration.ofSeconds(6)) < 0, r.toString());
  }

  /** The figures before static membership: Kafka's default session of 45 s, a dynamic member. */
  @Test
  @EnabledIfSystemProperty(named = "headroom.measure.kill", matches = "true")
  void aDynamicMemberWithKafkasDefaultSessionWaitsItOut() throws Exception {
    Resume r = killAndRestart(new GroupMembership(null, Duration.ofSeconds(45)), "dynamic-45s");
    assertTrue(r.toStored().compareTo(Duration.ofSeconds(40)) > 0, r.toString());
  }

  @Test
  @EnabledIfSystemProperty(named = "headroom.measure.kill", matches = "true")
  void aDynamicMemberWithTheShortenedSessionWaitsItOut() throws Exception {
    Resume r = killAndRestart(GroupMembership.dynamic(), "dynamic-10s");
    assertTrue(r.toStored().compareTo(Duration.ofSeconds(8)) > 0, r.toString());
  }

  private Resume killAndRestart(GroupMembership membership, String label) throws Exception {
    try (EmbeddedKafka kafka = EmbeddedKafka.start(dir.resolve("kafka")); TestDatabase db = TestDatabase.create();
        KafkaProducer<byte[], byte[]> producer = SpineRecords.producer(kafka)) {
      KafkaClient client = KafkaClient.plaintext(kafka.bootstrapServers());
      Topics topics = new Topics("k" + System.nanoTime() + ".");
      TopicSetup.ensure(client, topics, 2, (short) 1);
      ScheduledExecutorService readings = Executors.newSingleThreadScheduledExecutor();
      AtomicLong sent = new AtomicLong();
      readings.scheduleAtFixedRate(() -> {
        long i = sent.getAndIncrement();
        byte[] batch = SampleBatchCodec.encode(new SampleBatch(UUID.randomUUID(), "lab", "h1/cpu" + (i % 2),
            List.of(new Point(T0 + i, "cpu_busy", 0.5))));
        producer.send(new ProducerRecord<>(topics.samples(), (int) (i % 2), null, batch));
      }, 0, 100, TimeUnit.MILLISECONDS);
      Path log = dir.resolve(label + ".log");
      Process first = AnalyzerProcess.start(kafka.bootstrapServers(), db.url(), topics, membership, log);
      Process second = null;
      try {
        awaitStarted(log, 1);
        SpineRecords.awaitCount(db, "SELECT least(count(*), 20) FROM sample", 20); // storing, steadily
        first.destroyForcibly().waitFor();
        long killed = System.nanoTime();
        long atKill = SpineRecords.count(db, "SELECT count(*) FROM sample");
        second = AnalyzerProcess.start(kafka.bootstrapServers(), db.url(), topics, membership, log);
        awaitStarted(log, 2);
        Duration toReady = Duration.ofNanos(System.nanoTime() - killed);
        while (SpineRecords.count(db, "SELECT count(*) FROM sample") <= atKill) {
          assertTrue(System.nanoTime() - killed < Duration.ofSeconds(120).toNanos(), "no record stored 120 s after the kill");
          Thread.sleep(50);
        }
        Resume r = new Resume(toReady, Duration.ofNanos(System.nanoTime() - killed));
        System.out.printf("%s: kill -9, restarted at once: ready %.1f s after the kill, first record stored %.1f s "
            + "after the kill (%.1f s after ready)%n", label, r.toReady().toMillis() / 1000.0,
            r.toStored().toMillis() / 1000.0, r.readyToStored().toMillis() / 1000.0);
        return r;
      } finally {
        readings.shutdownNow();
        first.destroyForcibly().waitFor();
        if (second != null) {
          second.destroy();
          second.waitFor(20, TimeUnit.SECONDS);
          second.destroyForcibly().waitFor();
        }
      }
    }
  }

  /** Until the analyzers' log says {@code times} have started. */
  private static void awaitStarted(Path log, int times) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
    while (System.nanoTime() < deadline) {
      if (Files.exists(log) && Files.readAllLines(log).stream().filter(AnalyzerProcess.STARTED::equals).count() >= times) {
        return;
      }
      Thread.sleep(50);
    }
    throw new AssertionError("analyzer " + times + " did not start in 90 s; its log: " + log);
  }
}
