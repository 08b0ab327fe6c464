package io.headroom.collector.forward;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.CodedInputStream;
import com.sun.net.httpserver.HttpServer;
import io.headroom.collector.source.Scrape;
import io.headroom.config.RemoteWriteTarget;
import io.headroom.config.SpoolConfig;
import io.headroom.model.Entity;
import io.headroom.model.MetricDef;
import io.headroom.model.Sample;
import io.headroom.collector.spool.Spool;
import io.headroom.collector.spool.SpoolPosition;
import io.headroom.collector.spool.SpoolRecord;
import io.headroom.model.kafka.Point;
import io.headroom.model.kafka.SampleBatch;
import io.headroom.model.kafka.SampleBatchCodec;
import io.headroom.remotewrite.PromNames;
import io.headroom.remotewrite.RemoteWriteClient;
import io.headroom.remotewrite.RemoteWriteSender;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.xerial.snappy.Snappy;

/**
 * The collector's own remote write, through the sink, the endpoint's spool and its forwarder,
 * against a real HTTP server on 127.0.0.1 answering as told: 5xx and 429 held in the spool and
 * sent again, the scrapes after them not lost and not held back; a 400 counted, dropped from the
 * spool and not sent again; an endpoint not marked {@code from: collector} not forwarded to.
 */
class RemoteWriteSinkTest {
  @TempDir Path dir;
  private HttpServer server;
  private final List<String> received = new CopyOnWriteArrayList<>();
  private RemoteWriteSink sink;
  /** While not 0, the status every request gets, before the statuses {@link #serve} was given. */
  private volatile int down;
  private static final PromNames NAMES = new PromNames(
      List.of(new MetricDef("util", "fraction", "gauge", java.util.Set.of("host_cpu"), "busy share")));

  @AfterEach
  void stop() throws Exception {
    if (sink != null) {
      sink.close();
    }
    if (server != null) {
      server.stop(0);
    }
  }

  /** A server answering the statuses in turn (the last one from then on); each body decoded into {@link #received}. */
  private URI serve(int... statuses) throws Exception {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    AtomicInteger n = new AtomicInteger();
    server.createContext("/api/v1/write", ex -> {
      byte[] body = ex.getRequestBody().readAllBytes();
      int status = down != 0 ? down : statuses[Math.min(n.getAndIncrement(), statuses.length - 1)];
      try {
        received.add(status + " " + decode(Snappy.uncompress(body)));
      } catch (Exception e) {
        received.add(status + " undecodable " + e);
      }
      ex.sendResponseHeaders(status, -1);
      ex.close();
    });
    server.start();
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/api/v1/write");
  }

  private RemoteWriteSink start(URI url, String from) throws Exception {
    RemoteWriteTarget t = new RemoteWriteTarget("ep", url, true, null, null, null, null, null, null,
        Duration.ofMillis(200), null, null, from);
    return RemoteWriteSink.start(List.of(t), SpoolConfig.at(dir.resolve("spool")), NAMES, Map.of());
  }

  /** One scrape of host h1's cpu0 at {@code ts} seconds: util {@code v}. */
  private static Scrape scrape(double ts, double v) {
    Scrape s = new Scrape(ts);
    s.entity(Entity.of("h1/cpu0", "host_cpu"));
    s.sample(new Sample(ts, "h1/cpu0", "util", v));
    return s;
  }

  @Test
  void aDownEndpointIsRetriedWithTheScrapesAfterItHeldInTheSpool() throws Exception {
    down = 503;
    sink = start(serve(429, 500, 204), "collector");
    sink.accept("tb", scrape(1000.0, 0.5));
    sink.accept("tb", scrape(1001.0, 0.25));
    sink.accept("tb", scrape(1002.0, 0.125)); // returned while the endpoint answers 503: scraping is not held
    RemoteWriteSender sender = sink.senders().get(0);
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (sender.retries() < 2 && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertEquals(0, sender.samplesSent(), "nothing written while it is down");
    assertTrue(sender.waitingFor().contains("HTTP 503"), sender.waitingFor());
    down = 0; // then 429, 500, and written
    assertTrue(sink.awaitDrained(Duration.ofSeconds(20)));
    assertTrue(sender.retries() >= 4, "two 503s at least, a 429, a 500: " + sender.retries());
    assertEquals(3, sender.samplesSent(), "each reading written once");
    assertEquals(0, sender.samplesRefused());
    String last = received.get(received.size() - 1);
    assertTrue(last.startsWith("204 "), last);
    // every reading written once, in order, seconds as milliseconds (the forwarder may take the first
    // scrape alone, before the others are appended: how they are cut into requests is not the point)
    List<String> written = new ArrayList<>();
    for (String r : received) {
      if (r.startsWith("204 ")) {
        String series = "[__name__=headroom_util_ratio,entity=h1/cpu0,kind=host_cpu,testbed=tb ";
        assertTrue(r.substring(4).startsWith(series), r);
        written.addAll(List.of(r.substring(4 + series.length(), r.length() - 1).split(" ")));
      }
    }
    assertEquals(List.of("0.5@1000000", "0.25@1001000", "0.125@1002000"), written);
    // the request held through the 503s, the 429 and the 500 was the same each time
    String first = received.get(0).substring(4);
    int writtenRequests = (int) received.stream().filter(r -> r.startsWith("204 ")).count();
    for (String r : received.subList(0, received.size() - writtenRequests + 1)) { // up to the first written
      assertEquals(first, r.substring(4));
    }
    assertFalse(Files.exists(dir.resolve("spool/remote-write-ep").resolve(SpoolForwarder.INTENT)));
  }

  @Test
  void a400IsCountedDroppedFromTheSpoolAndNotSentAgain() throws Exception {
    sink = start(serve(400, 204), "collector");
    sink.accept("tb", scrape(1000.0, 0.5));
    assertTrue(sink.awaitDrained(Duration.ofSeconds(10)));
    RemoteWriteSender sender = sink.senders().get(0);
    assertEquals(1, sender.requestsRefused());
    assertEquals(1, sender.samplesRefused());
    assertEquals(0, sender.retries());
    sink.accept("tb", scrape(1001.0, 0.25));
    assertTrue(sink.awaitDrained(Duration.ofSeconds(10)));
    assertEquals(List.of(
        "400 [__name__=headroom_util_ratio,entity=h1/cpu0,kind=host_cpu,testbed=tb 0.5@1000000]",
        "204 [__name__=headroom_util_ratio,entity=h1/cpu0,kind=host_cpu,testbed=tb 0.25@1001000]"), received);
    assertEquals(1, sender.samplesSent());
    assertEquals(0, sender.retries());
  }

  @Test
  void anEndpointTheAnalyzerForwardsToIsLeftToIt() throws Exception {
    assertEquals(null, start(serve(204), null));
    assertEquals(null, start(serve(204), "analyzer"));
    assertFalse(Files.exists(dir.resolve("spool/remote-write-ep")));
  }

  @Test
  void aStopBetweenTheAnswerAndTheAcknowledgementSendsThatRangeAgainAlone() throws Exception {
    URI url = serve(204);
    Path spoolDir = dir.resolve("spool/remote-write-ep");
    try (Spool spool = new Spool(SpoolConfig.at(spoolDir))) {
      spool.append(record(1000.0, 0.5));
      // as if the collector had stopped after the endpoint answered for 1000 s, before the spool moved past it
      SpoolPosition sent = spool.peek(10).get(0).next();
      Files.writeString(spoolDir.resolve(SpoolForwarder.INTENT), sent.segment() + " " + sent.offset() + "\n");
      spool.append(record(1001.0, 0.25));
      RemoteWriteTarget t = new RemoteWriteTarget("ep", url, true, null, null, null, null, null, null,
          Duration.ofMillis(200), null, null, "collector");
      SpoolForwarder f = new SpoolForwarder(spool, spoolDir, new RemoteWriteSender(new RemoteWriteClient(t, Map.of())),
          NAMES);
      assertTrue(f.forwardOnce());
      assertTrue(f.forwardOnce());
      assertFalse(f.forwardOnce());
      // two requests: the range sent before alone and as it was, then what came after (together, one request)
      assertEquals(List.of(
          "204 [__name__=headroom_util_ratio,entity=h1/cpu0,kind=host_cpu,testbed=tb 0.5@1000000]",
          "204 [__name__=headroom_util_ratio,entity=h1/cpu0,kind=host_cpu,testbed=tb 0.25@1001000]"), received);
      assertFalse(Files.exists(spoolDir.resolve(SpoolForwarder.INTENT)));
    }
  }

  private static SpoolRecord record(double ts, double v) {
    return new SpoolRecord(RemoteWriteSink.TOPIC, "host_cpu".getBytes(StandardCharsets.UTF_8),
        SampleBatchCodec.encode(new SampleBatch(java.util.UUID.randomUUID(), "tb", "h1/cpu0", List.of(new Point(ts, "util", v)))));
  }

  /** The WriteRequest read with protobuf's reader: per series "labels values@timestamps". */
  static List<String> decode(byte[] proto) throws Exception {
    List<String> out = new ArrayList<>();
    CodedInputStream in = CodedInputStream.newInstance(proto);
    for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
      CodedInputStream ts = CodedInputStream.newInstance(in.readByteArray());
      List<String> labels = new ArrayList<>();
      StringBuilder samples = new StringBuilder();
      for (int t = ts.readTag(); t != 0; t = ts.readTag()) {
        CodedInputStream m = CodedInputStream.newInstance(ts.readByteArray());
        if (t >>> 3 == 1) {
          m.readTag();
          String name = m.readString();
          m.readTag();
          labels.add(name + "=" + m.readString());
        } else {
          m.readTag();
          double v = m.readDouble();
          m.readTag();
          samples.append(' ').append(v).append('@').append(m.readInt64());
        }
      }
      out.add(String.join(",", labels) + samples);
    }
    return out;
  }
}
