package io.headroom.collector.redfish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.collector.remote.Credentials;
import io.headroom.collector.remote.RemoteEndpoint;
import io.headroom.collector.remote.RemoteHttpClient;
import io.headroom.collector.source.Scrape;
import io.headroom.standin.StandinServer;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The SSE telemetry stream of the stand-in R760: usage from metric reports, the filter spellings, refusal. */
class TelemetryStreamTest {
  private static final String REPORT = "data: {\"@odata.type\":\"#MetricReport.v1_4_2.MetricReport\",\"Id\":\"SystemUsage\","
      + "\"MetricValues\":[{\"MetricId\":\"CPUUsage\",\"MetricValue\":\"73.5\",\"Timestamp\":\"2026-12-01T10:00:00Z\"},"
      + "{\"MetricId\":\"IOUsage\",\"MetricValue\":\"20\"}]}\n\n";

  private static RedfishSource source(StandinServer bmc, String telemetry) throws Exception {
    RedfishSettings s = new RedfishSettings(null, RedfishSettings.Telemetry.valueOf(telemetry), null);
    RemoteEndpoint endpoint = RemoteEndpoint.of(bmc.baseUri()).withPlaintext(true)
        .withLimits(2, RemoteEndpoint.DEFAULT_CONNECT_TIMEOUT, RemoteEndpoint.DEFAULT_READ_TIMEOUT,
            RemoteEndpoint.DEFAULT_TIMEOUT, 0);
    RemoteHttpClient http = RemoteHttpClient.builder(endpoint, Credentials.NONE).build();
    BmcClient client = new BmcClient(http, Credentials.NONE, Clock.systemUTC());
    return new RedfishSource("bmc1", Duration.ofSeconds(5), s, client, Clock.systemUTC(), Fetcher.helperPool(),
        inv -> new TelemetryStream(client, inv.streamUri, Duration.ofSeconds(30), Duration.ofMillis(50),
            Clock.systemUTC(), d -> Thread.sleep(d.toMillis())).start());
  }

  /** The stream at /redfish/v1/SSE sends these events, then holds the connection open until {@code end} (or 20 s). */
  private static void sendThenHold(StandinServer bmc, CountDownLatch end, String... events) {
    bmc.stream("/redfish/v1/SSE", "text/event-stream", (req, out) -> {
      for (String e : events) {
        out.send(e);
      }
      end.await(20, TimeUnit.SECONDS);
    });
  }

  private static void awaitValue(RedfishSource source, String id) throws InterruptedException {
    for (int i = 0; i < 100 && (source.stream() == null || source.stream().latest(id, Duration.ofMinutes(1)) == null); i++) {
      Thread.sleep(50);
    }
  }

  @Test
  void usageComesFromTheStreamAndTheSensorIsNotPolled() throws Exception {
    CountDownLatch end = new CountDownLatch(1);
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R760).start()) {
      sendThenHold(bmc, end, ": keep-alive\n\n", REPORT);
      try (RedfishSource source = source(bmc, "AUTO")) {
        source.scrape(new Scrape(1000));
        awaitValue(source, "CPUUsage");
        long polled = bmc.count("GET", Bmc.CH + "/Sensors/SystemBoardCPUUsage");
        Scrape s = new Scrape(1010);
        source.scrape(s);
        assertEquals(0.735, Bmc.value(s, "bmc1/cpu", "util")); // MetricValue "73.5" (%), a string
        assertEquals(0.2, Bmc.value(s, "bmc1/cpu", "bmc_io_usage"));
        assertEquals(0.25, Bmc.value(s, "bmc1/cpu", "bmc_memory_usage")); // not in the report: polled (25 %)
        assertEquals(polled, bmc.count("GET", Bmc.CH + "/Sensors/SystemBoardCPUUsage"));
        String query = bmc.requests().stream().filter(r -> r.path().equals("/redfish/v1/SSE")).findFirst().orElseThrow().query();
        assertEquals("$filter=EventFormatType%20eq%20%27MetricReport%27", query);
      } finally {
        end.countDown();
      }
    }
  }

  @Test
  void firmwareThatRefusesTheQuotedFilterGetsItUnquoted() throws Exception {
    CountDownLatch end = new CountDownLatch(1);
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R760).start()) {
      bmc.when("GET", "/redfish/v1/SSE").times(1).reply(400);
      sendThenHold(bmc, end, REPORT);
      try (RedfishSource source = source(bmc, "AUTO")) {
        source.scrape(new Scrape(1000));
        awaitValue(source, "CPUUsage");
        assertNotNull(source.stream().latest("CPUUsage", Duration.ofMinutes(1)));
        assertTrue(bmc.requests().stream().anyMatch(r -> "$filter=EventFormatType%20eq%20MetricReport".equals(r.query())));
      } finally {
        end.countDown();
      }
    }
  }

  @Test
  void aStreamThatEndsIsReopened() throws Exception {
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R760).start()) {
      bmc.stream("/redfish/v1/SSE", "text/event-stream", (req, out) -> out.send(REPORT)); // then closes
      try (RedfishSource source = source(bmc, "AUTO")) {
        source.scrape(new Scrape(1000));
        for (int i = 0; i < 100 && source.stream().opened() < 3; i++) {
          Thread.sleep(50);
        }
        assertTrue(source.stream().opened() >= 3, "opened " + source.stream().opened());
      }
    }
  }

  @Test
  void aBmcThatCannotBeReachedAtAllIsWaitedForLongerEachTime() throws Exception {
    java.util.List<Duration> waits = new java.util.concurrent.CopyOnWriteArrayList<>();
    int port;
    try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
      port = s.getLocalPort(); // closed again: nothing listens there, as while a BMC reboots
    }
    RemoteEndpoint endpoint = RemoteEndpoint.of(java.net.URI.create("http://127.0.0.1:" + port)).withPlaintext(true)
        .withLimits(2, Duration.ofMillis(200), RemoteEndpoint.DEFAULT_READ_TIMEOUT, RemoteEndpoint.DEFAULT_TIMEOUT, 0);
    RemoteHttpClient http = RemoteHttpClient.builder(endpoint, Credentials.NONE).build();
    try (BmcClient client = new BmcClient(http, Credentials.NONE, Clock.systemUTC());
        TelemetryStream stream = new TelemetryStream(client, "/redfish/v1/SSE" + TelemetryProbe.FILTER_QUOTED,
            Duration.ofSeconds(30), Duration.ofSeconds(10), Clock.systemUTC(), d -> {
              waits.add(d);
              if (waits.size() >= 7) {
                throw new InterruptedException("enough");
              }
            })) {
      stream.start();
      for (int i = 0; i < 100 && waits.size() < 7; i++) {
        Thread.sleep(50);
      }
      // 10 s after the first failed attempt, doubling: 10, 20, 40, 80, 160, then the 5-minute cap
      assertEquals(java.util.List.of(Duration.ofSeconds(10), Duration.ofSeconds(20), Duration.ofSeconds(40),
          Duration.ofSeconds(80), Duration.ofSeconds(160), Duration.ofMinutes(5), Duration.ofMinutes(5)), waits);
    }
  }

  @Test
  void aRefusedStreamFallsBackToPollingAndSseModeSaysSo() throws Exception {
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R760).start()) {
      bmc.when("GET", "/redfish/v1/SSE").reply(403);
      try (RedfishSource source = source(bmc, "SSE")) {
        source.scrape(new Scrape(1000));
        for (int i = 0; i < 100 && source.stream().refused() == null; i++) {
          Thread.sleep(50);
        }
        Scrape s = new Scrape(1010);
        source.scrape(s);
        assertEquals(0.37, Bmc.value(s, "bmc1/cpu", "util")); // polled: Reading 37 in the tree
        assertTrue(s.problems().get(0).startsWith("bmc1/cpu telemetry: stream refused:"), s.problems().toString());
        assertEquals(1, bmc.count("GET", "/redfish/v1/SSE")); // a refusal is not retried
      }
    }
  }

  /** A stream straight on a client of {@code bmc} (no source, no login): 30 s silence, 10 s first wait, these waits. */
  private static TelemetryStream stream(BmcClient client, TelemetryStream.Sleeper sleeper) {
    return new TelemetryStream(client, "/redfish/v1/SSE" + TelemetryProbe.FILTER_QUOTED, Duration.ofSeconds(30),
        Duration.ofSeconds(10), Clock.systemUTC(), sleeper);
  }

  private static Thread readerOf(BmcClient client) {
    return readerOf(client.target());
  }

  private static Thread readerOf(String target) {
    return Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().equals("redfish-sse " + target) && t.isAlive())
        .findFirst().orElseThrow(() -> new AssertionError("no reader thread for " + target));
  }

  private static void awaitLatest(TelemetryStream stream, String id, double value) throws InterruptedException {
    for (int i = 0; i < 200; i++) {
      TelemetryStream.Value v = stream.latest(id, Duration.ofMinutes(1));
      if (v != null && v.value() == value) {
        return;
      }
      Thread.sleep(25);
    }
    throw new AssertionError(id + " never became " + value + ": " + stream.latest(id, Duration.ofMinutes(1)));
  }

  @Test
  void eachEventIsReadOnItsOwnAndDataWithoutASpaceCounts(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
      throws Exception {
    CountDownLatch end = new CountDownLatch(1);
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R760).start();
        BmcClient client = Bmc.client(bmc.baseUri(), dir, Clock.systemUTC(), "")) {
      sendThenHold(bmc, end,
          "data: {\"MetricValues\":[{\"MetricId\":\"CPUUsage\",\"MetricValue\":\"10\"}]}\n\n",
          // a second report straight after: it must not be read glued to the first
          "data: {\"MetricValues\":[{\"MetricId\":\"CPUUsage\",\"MetricValue\":\"20\"}]}\n\n",
          "data:{\"MetricValues\":[{\"MetricId\":\"IOUsage\",\"MetricValue\":\"30\"}]}\n\n"); // "data:" alone
      try (TelemetryStream stream = stream(client, d -> Thread.sleep(10)).start()) {
        awaitLatest(stream, "IOUsage", 30);
        assertEquals(20, stream.latest("CPUUsage", Duration.ofMinutes(1)).value());
      } finally {
        end.countDown();
      }
    }
  }

  @Test
  void closingASilentOpenStreamEndsItsDaemonReaderAtOnce(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
      throws Exception {
    CountDownLatch end = new CountDownLatch(1);
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R760).start();
        BmcClient client = Bmc.client(bmc.baseUri(), dir, Clock.systemUTC(), "")) {
      sendThenHold(bmc, end, REPORT); // then silent, well inside the 30 s read timeout
      TelemetryStream stream = stream(client, d -> Thread.sleep(d.toMillis())).start();
      try {
        awaitLatest(stream, "CPUUsage", 73.5);
        Thread reader = readerOf(client);
        assertTrue(reader.isDaemon(), "a collector that exits must not wait for the stream");
        stream.close(); // the reader is blocked in a read: closing the response ends it
        reader.join(5_000);
        assertTrue(!reader.isAlive(), "reader still running 5 s after close: " + reader.getState());
      } finally {
        end.countDown();
      }
    }
  }

  @Test
  void closingAStreamWhileItWaitsToRetryEndsItsReaderAtOnce(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
      throws Exception {
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R760).start();
        BmcClient client = Bmc.client(bmc.baseUri(), dir, Clock.systemUTC(), "")) {
      bmc.when("GET", "/redfish/v1/SSE").reply(500); // a failure that is retried after the first wait, 10 s
      TelemetryStream stream = stream(client, d -> Thread.sleep(d.toMillis())).start();
      for (int i = 0; i < 200 && bmc.count("GET", "/redfish/v1/SSE") == 0; i++) {
        Thread.sleep(25);
      }
      Thread reader = readerOf(client);
      for (int i = 0; i < 200 && reader.getState() != Thread.State.TIMED_WAITING; i++) {
        Thread.sleep(25);
      }
      stream.close(); // interrupts the wait
      reader.join(5_000);
      assertTrue(!reader.isAlive(), "reader still waiting 5 s after close");
      assertEquals(1, bmc.count("GET", "/redfish/v1/SSE"));
      assertEquals(null, stream.refused()); // a 500 is the BMC's trouble, not a refusal
    }
  }

  @Test
  void a400ToBothSpellingsOfTheFilterIsARefusal(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
      throws Exception {
    java.util.List<Duration> waits = new java.util.concurrent.CopyOnWriteArrayList<>();
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R760).start();
        BmcClient client = Bmc.client(bmc.baseUri(), dir, Clock.systemUTC(), "")) {
      bmc.when("GET", "/redfish/v1/SSE").reply(400);
      try (TelemetryStream stream = stream(client, waits::add).start()) {
        for (int i = 0; i < 200 && stream.refused() == null; i++) {
          Thread.sleep(25);
        }
        assertTrue(stream.refused().startsWith("stream refused: GET "), stream.refused());
        assertEquals(2, bmc.count("GET", "/redfish/v1/SSE")); // quoted, then unquoted, then no more
        assertEquals(java.util.List.of(), waits);
      }
    }
  }

  @Test
  void a500IsRetriedAfterTheFirstWaitAndTheStreamThenRead(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
      throws Exception {
    java.util.List<Duration> waits = new java.util.concurrent.CopyOnWriteArrayList<>();
    CountDownLatch end = new CountDownLatch(1);
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R760).start();
        BmcClient client = Bmc.client(bmc.baseUri(), dir, Clock.systemUTC(), "")) {
      bmc.when("GET", "/redfish/v1/SSE").times(1).reply(500);
      sendThenHold(bmc, end, REPORT);
      try (TelemetryStream stream = stream(client, waits::add).start()) {
        awaitLatest(stream, "CPUUsage", 73.5);
        assertEquals(java.util.List.of(Duration.ofSeconds(10)), waits);
        assertEquals(null, stream.refused());
      } finally {
        end.countDown();
      }
    }
  }

  @Test
  void closingTheSourceEndsItsStream() throws Exception {
    CountDownLatch end = new CountDownLatch(1);
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R760).start()) {
      sendThenHold(bmc, end, REPORT);
      RedfishSource source = source(bmc, "AUTO");
      try {
        source.scrape(new Scrape(1000));
        awaitValue(source, "CPUUsage");
        Thread reader = readerOf(bmc.baseUri().toString().replaceAll("/$", ""));
        source.close();
        reader.join(5_000);
        assertTrue(!reader.isAlive(), "the stream's reader outlived its source");
      } finally {
        end.countDown();
      }
    }
  }
}
