package io.headroom.app.prometheus;

import io.headroom.analyzer.ingest.ForwardLoop;
import io.headroom.analyzer.ingest.IngestConfig;
import io.headroom.analyzer.remotewrite.EntityKinds;
import io.headroom.analyzer.remotewrite.Forwarding;
import io.headroom.remotewrite.RemoteWriteClient;
import io.headroom.remotewrite.RemoteWriteSender;
import io.headroom.app.service.RemoteWriteService;
import io.headroom.config.RemoteWriteTarget;
import io.headroom.embedded.EmbeddedKafka;
import io.headroom.model.Entity;
import io.headroom.model.RecordingRecord;
import io.headroom.model.kafka.KafkaClient;
import io.headroom.model.kafka.Point;
import io.headroom.model.kafka.RecordJson;
import io.headroom.model.kafka.SampleBatch;
import io.headroom.model.kafka.SampleBatchCodec;
import io.headroom.model.kafka.TopicSetup;
import io.headroom.model.kafka.Topics;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * A real Kafka with Headroom's topics, a producer that puts readings and records on them as the
 * collector does, and forwarding loops started against endpoints: the remote write's path from
 * the topics to a receiver, without the database (kinds come from the entity records).
 */
final class ForwardingRig implements AutoCloseable {
  static final String TESTBED = "rw";
  final EmbeddedKafka kafka;
  final Topics topics = new Topics("rw" + System.nanoTime() + ".");
  final IngestConfig ingest;
  private final KafkaProducer<byte[], byte[]> producer;
  private final List<ForwardLoop> loops = new ArrayList<>();
  private final List<Thread> threads = new ArrayList<>();

  ForwardingRig(Path dir) throws Exception {
    this(dir, 2);
  }

  ForwardingRig(Path dir, int partitions) throws Exception {
    kafka = EmbeddedKafka.start(dir.resolve("kafka"));
    KafkaClient client = KafkaClient.plaintext(kafka.bootstrapServers());
    TopicSetup.ensure(client, topics, partitions, (short) 1);
    ingest = IngestConfig.defaults(client, topics);
    Map<String, Object> p = new HashMap<>(client.properties());
    p.put("acks", "all");
    producer = new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer());
  }

  /** Starts forwarding to {@code url}; the sender, for its counters. */
  RemoteWriteSender forwardTo(URI url, String name) {
    RemoteWriteSender sender = new RemoteWriteSender(new RemoteWriteClient(RemoteWriteTarget.of(url, true)
        .named(name), Map.of()));
    ForwardLoop loop = new ForwardLoop(ingest, new Forwarding(RemoteWriteService.names(), new EntityKinds(null), sender));
    Thread t = new Thread(loop, "forward-" + name);
    t.start();
    loops.add(loop);
    threads.add(t);
    return sender;
  }

  void publish(Entity e) throws Exception {
    record(topics.topology(), e.id(), e);
  }

  void record(String topic, String key, RecordingRecord r) throws Exception {
    producer.send(new ProducerRecord<>(topic, (TESTBED + "|" + key).getBytes(StandardCharsets.UTF_8),
        RecordJson.encode(TESTBED, r))).get();
  }

  /** A verdict as the live verdicts publish it: JSON keyed testbed|run. */
  void publish(io.headroom.model.Verdict v) throws Exception {
    producer.send(new ProducerRecord<>(topics.verdicts(), (TESTBED + "|" + v.run()).getBytes(StandardCharsets.UTF_8),
        io.headroom.model.VerdictJson.toJson(v).getBytes(StandardCharsets.UTF_8))).get();
  }

  /** One sample batch per entity, keyed testbed|entity as the collector keys it. */
  void publish(String entity, List<Point> points) throws Exception {
    SampleBatch b = new SampleBatch(UUID.randomUUID(), TESTBED, entity, points);
    producer.send(new ProducerRecord<>(topics.samples(), b.key().getBytes(StandardCharsets.UTF_8),
        SampleBatchCodec.encode(b))).get();
  }

  static void await(BooleanSupplier condition, Duration within, String what) throws InterruptedException {
    long deadline = System.nanoTime() + within.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("not within " + within.toSeconds() + " s: " + what);
      }
      Thread.sleep(100);
    }
  }

  @Override
  public void close() throws Exception {
    loops.forEach(ForwardLoop::close);
    for (Thread t : threads) {
      t.join(10_000);
    }
    producer.close();
    kafka.close();
  }
}
