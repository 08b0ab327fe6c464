package io.headroom.app.prometheus;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.protobuf.CodedInputStream;
import com.sun.net.httpserver.HttpServer;
import io.headroom.remotewrite.RemoteWriteSender;
import io.headroom.model.Metrics;
import io.headroom.model.kafka.Point;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.xerial.snappy.Snappy;

/**
 * An analyzer that died after the endpoint wrote a poll and before the poll's offsets were
 * committed leaves the poll's intent (its start, metadata until:END). The next forwarding loop of
 * the group sends that range again alone, then the rest: Prometheus refuses a request that mixes
 * samples it has with samples it has not, so the range must not be mixed with what follows.
 * Real Kafka, a real HTTP server counting each request's samples.
 */
class ForwardReplayTest {
  @TempDir Path dir;

  @Test
  void aPollSentBeforeADeathIsSentAgainAloneThenTheRest() throws Exception {
    List<List<Long>> requests = new CopyOnWriteArrayList<>();
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/api/v1/write", ex -> {
      requests.add(timestamps(Snappy.uncompress(ex.getRequestBody().readAllBytes())));
      ex.sendResponseHeaders(204, -1);
      ex.close();
    });
    server.start();
    try (ForwardingRig rig = new ForwardingRig(dir, 1)) {
      // six batches of one reading, at 1..6 s, offsets 0..5 of the one samples partition
      for (int i = 1; i <= 6; i++) {
        rig.publish("h1/cpu0", List.of(new Point(i, Metrics.UTIL, i / 10.0)));
      }
      // what a forwarding loop that sent offsets 0..2 and died before its commit leaves
      String group = "headroom-remote-write-replay";
      Map<String, Object> p = new HashMap<>(rig.ingest.kafka().properties());
      p.put("group.id", group);
      try (KafkaConsumer<byte[], byte[]> dead = new KafkaConsumer<>(p, new ByteArrayDeserializer(),
          new ByteArrayDeserializer())) {
        dead.commitSync(Map.of(new TopicPartition(rig.topics.samples(), 0), new OffsetAndMetadata(0, "until:3")));
      }
      RemoteWriteSender sender = rig.forwardTo(URI.create("http://127.0.0.1:" + server.getAddress().getPort()
          + "/api/v1/write"), "replay");
      ForwardingRig.await(() -> sender.samplesSent() >= 6, Duration.ofSeconds(60), "six samples written");
      assertEquals(List.of(1000L, 2000L, 3000L), requests.get(0), "the range of the intent, alone");
      List<Long> rest = new ArrayList<>();
      requests.subList(1, requests.size()).forEach(rest::addAll);
      assertEquals(List.of(4000L, 5000L, 6000L), rest, "then the rest, each once");
    } finally {
      server.stop(0);
    }
  }

  /** The sample timestamps of a WriteRequest, series after series (protobuf's own reader). */
  private static List<Long> timestamps(byte[] proto) throws java.io.IOException {
    List<Long> out = new ArrayList<>();
    CodedInputStream in = CodedInputStream.newInstance(proto);
    while (in.readTag() != 0) {
      CodedInputStream series = CodedInputStream.newInstance(in.readByteArray());
      for (int tag = series.readTag(); tag != 0; tag = series.readTag()) {
        CodedInputStream m = CodedInputStream.newInstance(series.readByteArray());
        if (tag >>> 3 == 2) { // a Sample: value (1), timestamp (2)
          m.readTag();
          m.readDouble();
          m.readTag();
          out.add(m.readInt64());
        }
      }
    }
    return out;
  }
}
