package io.headroom.app.spine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.app.testing.TestDatabase;
import io.headroom.embedded.EmbeddedKafka;
import io.headroom.model.kafka.KafkaClient;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * Records sent straight to the topics, as a producer other than Headroom's collector could, and
 * what the database made of them: the tests of records the analyzer must set aside.
 */
final class SpineRecords {
  private SpineRecords() {}

  static KafkaProducer<byte[], byte[]> producer(EmbeddedKafka kafka) {
    Map<String, Object> p = new HashMap<>(KafkaClient.plaintext(kafka.bootstrapServers()).properties());
    p.put("acks", "all");
    return new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer());
  }

  /** Sends and returns the record's position, "topic-partition@offset", as dead_letter keys it. */
  static String send(KafkaProducer<byte[], byte[]> producer, String topic, byte[] value) throws Exception {
    return send(producer, topic, null, value);
  }

  /** The same to one partition ({@code partition} null: the key's). */
  static String send(KafkaProducer<byte[], byte[]> producer, String topic, Integer partition, byte[] value)
      throws Exception {
    // a key on every record: the topology topic is compacted and refuses keyless records
    byte[] key = UUID.randomUUID().toString().getBytes(StandardCharsets.UTF_8);
    RecordMetadata m = producer.send(new ProducerRecord<>(topic, partition, key, value)).get();
    return m.topic() + "-" + m.partition() + "@" + m.offset();
  }

  static Map<String, String> deadLetters(TestDatabase db) throws Exception {
    Map<String, String> out = new TreeMap<>();
    try (Connection c = db.connect(); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT topic, kafka_partition, kafka_offset, reason, sqlstate FROM dead_letter")) {
      while (rs.next()) {
        out.put(rs.getString(1) + "-" + rs.getInt(2) + "@" + rs.getLong(3),
            "refused".equals(rs.getString(4)) ? rs.getString(5) : rs.getString(4));
      }
    }
    return out;
  }

  static void awaitCount(TestDatabase db, String sql, long expected) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (count(db, sql) < expected && System.nanoTime() < deadline) {
      Thread.sleep(200);
    }
    assertEquals(expected, count(db, sql), sql);
  }

  static long count(TestDatabase db, String sql) throws Exception {
    try (Connection c = db.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  static List<String> strings(TestDatabase db, String sql) throws Exception {
    List<String> out = new ArrayList<>();
    try (Connection c = db.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }
}
