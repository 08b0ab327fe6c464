package io.headroom.collector.redfish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.collector.source.Scrape;
import io.headroom.standin.StandinReply;
import io.headroom.standin.StandinServer;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Readings against the stand-in R760 and R750: moving counters, absent values, faults as partial results. */
class RedfishScrapeTest {
  private static final String FC41 = Bmc.CH
      + "/NetworkAdapters/FC.Slot.4/NetworkDeviceFunctions/FC.Slot.4-1/Oem/Dell/DellFCPortMetrics/FC.Slot.4-1";
  private static final String NIC11 = Bmc.CH
      + "/NetworkAdapters/NIC.Slot.1/NetworkDeviceFunctions/NIC.Slot.1-1/Oem/Dell/DellNICPortMetrics/NIC.Slot.1-1";

  @TempDir Path dir;

  @Test
  void fcCountersInKilobytesBecomeByteRates() throws Exception {
    AtomicInteger reads = new AtomicInteger();
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R760).start();
        RedfishSource source = Bmc.source(bmc, dir, "telemetry: poll\n")) {
      bmc.handle(FC41, r -> {
        long n = reads.getAndIncrement();
        // per read: 312,500 KB in, 156,250 KB out, 160,000 frames each way, 3 CRC errors
        return StandinReply.json("{\"Id\":\"FC.Slot.4-1\",\"FCRxKBCount\":" + (1000 + 312_500 * n)
            + ",\"FCTxKBCount\":" + (156_250 * n) + ",\"FCRxTotalFrames\":" + (160_000 * n) + ",\"FCTxTotalFrames\":"
            + (160_000 * n) + ",\"FCInvalidCRCs\":" + (3 * n) + ",\"FCLinkFailures\":0,\"FCLossOfSignals\":null}");
      });
      source.scrape(new Scrape(1000));
      Scrape s = new Scrape(1010);
      source.scrape(s);
      String port = "bmc1/fc/FC.Slot.4-1";
      assertEquals(312_500 * 1024 / 10.0, Bmc.value(s, port, "rx_bytes_per_s")); // 32,000,000 B/s
      assertEquals(156_250 * 1024 / 10.0, Bmc.value(s, port, "tx_bytes_per_s")); // 16,000,000 B/s
      assertEquals(16_000.0, Bmc.value(s, port, "rx_packets_per_s"));
      assertEquals(0.3, Bmc.value(s, port, "errors_per_s"));
      // FCLossOfSignals null is absent, FCLinkFailures 0 is present: the sum is present
      assertEquals(0.0, Bmc.value(s, port, "link_failures_per_s"));
    }
  }

  @Test
  void aCounterThatWentBackwardsGivesNoRateThatScrape() throws Exception {
    // the walk reads the counters once to see that they are there, then each scrape reads them
    long[] rx = {5_000_000, 5_000_000, 1_000, 1_000 + 12_500_000};
    AtomicInteger reads = new AtomicInteger();
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R750).start();
        RedfishSource source = Bmc.source(bmc, dir, "")) {
      bmc.handle(NIC11, r -> StandinReply.json("{\"Id\":\"NIC.Slot.1-1-1\",\"RxBytes\":" + rx[reads.getAndIncrement()]
          + ",\"TxBytes\":0,\"DiscardedPkts\":0}"));
      source.scrape(new Scrape(1000));
      Scrape reset = new Scrape(1010);
      source.scrape(reset);
      Scrape after = new Scrape(1020);
      source.scrape(after);
      assertNull(Bmc.value(reset, "bmc1/net/NIC.Slot.1-1", "rx_bytes_per_s"));
      assertEquals(List.of(), after.problems());
      assertEquals(1_250_000.0, Bmc.value(after, "bmc1/net/NIC.Slot.1-1", "rx_bytes_per_s")); // 12.5e6 B / 10 s
    }
  }

  @Test
  void noReadingSentinelUnknownStateAndNullAreAbsentNeverZero() throws Exception {
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R760).start();
        RedfishSource source = Bmc.source(bmc, dir, "telemetry: poll\n")) {
      bmc.handle(Bmc.CH + "/Sensors/SystemBoardCPUUsage", r -> StandinReply.json(
          "{\"Id\":\"SystemBoardCPUUsage\",\"ReadingUnits\":\"%\",\"Reading\":-2147483648,\"Status\":{\"State\":\"Enabled\"}}"));
      bmc.handle(Bmc.CH + "/Sensors/SystemBoardIOUsage", r -> StandinReply.json(
          "{\"Id\":\"SystemBoardIOUsage\",\"ReadingUnits\":\"%\",\"Reading\":12,\"Oem\":{\"Dell\":{\"CurrentState\":\"Unknown\"}}}"));
      bmc.handle(Bmc.CH + "/Sensors/SystemBoardMEMUsage", r -> StandinReply.json(
          "{\"Id\":\"SystemBoardMEMUsage\",\"ReadingUnits\":\"%\",\"Reading\":null}"));
      bmc.handle(Bmc.CH + "/Sensors/SystemBoardSYSUsage", r -> StandinReply.json(
          "{\"Id\":\"SystemBoardSYSUsage\",\"ReadingUnits\":\"%\",\"Reading\":\"41.5\"}"));
      Scrape s = new Scrape(1000);
      source.scrape(s);
      assertNull(Bmc.value(s, "bmc1/cpu", "util"));
      assertNull(Bmc.value(s, "bmc1/cpu", "bmc_io_usage"));
      assertNull(Bmc.value(s, "bmc1/cpu", "bmc_memory_usage"));
      assertEquals(0.415, Bmc.value(s, "bmc1/cpu", "bmc_system_usage")); // a string "41.5" is still a number
      assertEquals(List.of(), s.problems());
    }
  }

  @Test
  void firmwareWithoutTheSensorsCollectionIsReadFromDellNumericSensorsAndTheRestIsNotOffered() throws Exception {
    String dell = "/redfish/v1/Systems/System.Embedded.1/Oem/Dell/DellNumericSensors/iDRAC.Embedded.1_0x23_";
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R760).start();
        RedfishSource source = Bmc.source(bmc, dir, "telemetry: poll\n")) {
      bmc.when("GET", Bmc.CH + "/Sensors").reply(404);
      // an AMD server's iDRAC: CPU usage only (DellNumericSensor, ReadingUnits "Percentage")
      bmc.handle(dell + "SystemBoardCPUUsage", r -> StandinReply.json("{\"Id\":\"iDRAC.Embedded.1_0x23_SystemBoardCPUUsage\","
          + "\"CurrentReading\":55,\"CurrentState\":\"Normal\",\"ReadingUnits\":\"Percentage\"}"));
      var found = source.discover();
      assertTrue(found.degraded().contains("bmc1/cpu: not offered: SystemBoardIOUsage, SystemBoardMEMUsage, "
          + "SystemBoardSYSUsage (AMD platforms report CPU usage only)"), found.degraded().toString());
      Scrape s = new Scrape(1000);
      source.scrape(s);
      assertEquals(0.55, Bmc.value(s, "bmc1/cpu", "util"));
      assertNull(Bmc.value(s, "bmc1/cpu", "bmc_io_usage"));
      assertEquals(List.of(), s.problems());
    }
  }

  @Test
  void malformedTruncatedHugeAndErrorBodiesArePartialResultsNamingBmcAndPath() throws Exception {
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R760).start();
        RedfishSource source = Bmc.source(bmc, dir, "telemetry: poll\nretries: 0\n")) {
      source.scrape(new Scrape(1000)); // inventory walked while everything answers
      bmc.when("GET", Bmc.CH + "/Sensors/SystemBoardIOUsage").malformedJson();
      bmc.when("GET", Bmc.CH + "/Sensors/SystemBoardMEMUsage").truncated();
      bmc.when("GET", Bmc.CH + "/Sensors/SystemBoardSYSUsage").huge(6L << 20);
      bmc.handle(FC41, r -> StandinReply.json("{\"error\":{\"code\":\"Base.1.12.GeneralError\",\"@Message.ExtendedInfo\":"
          + "[{\"MessageId\":\"IDRAC.2.9.SYS403\",\"Message\":\"resource not found\"}]}}"));
      Scrape s = new Scrape(1010);
      source.scrape(s);
      String at = "GET " + bmc.baseUri();
      assertEquals(0.37, Bmc.value(s, "bmc1/cpu", "util")); // the rest stands
      assertEquals(0.0, Bmc.value(s, "bmc1/fc/FC.Slot.4-2", "rx_bytes_per_s"));
      String problems = String.join("\n", s.problems());
      assertEquals(4, s.problems().size(), problems);
      assertTrue(problems.contains(at + Bmc.CH + "/Sensors/SystemBoardIOUsage: malformed JSON"), problems);
      assertTrue(problems.contains(at + Bmc.CH + "/Sensors/SystemBoardMEMUsage: "), problems);
      assertTrue(problems.contains(at + Bmc.CH + "/Sensors/SystemBoardSYSUsage: ") && problems.contains("byte cap"), problems);
      assertTrue(problems.contains(at + FC41 + ": Redfish error IDRAC.2.9.SYS403"), problems);
    }
  }

  @Test
  void aDeadBmcFailsTheScrapeNamingItAndTheNextScrapeWalksAgain() throws Exception {
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R760).start();
        RedfishSource source = Bmc.source(bmc, dir, "telemetry: poll\nretries: 0\n")) {
      bmc.when("GET", "/redfish/v1").times(1).drop();
      java.io.IOException e = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class,
          () -> source.scrape(new Scrape(1000)));
      assertTrue(e.getMessage().startsWith("GET " + bmc.baseUri() + "/redfish/v1: "), e.getMessage());
      Scrape back = new Scrape(1010);
      source.scrape(back);
      assertEquals(0.37, Bmc.value(back, "bmc1/cpu", "util"));
      assertEquals(12, back.entities().size()); // cpu, 2 sockets, 4 links, 5 ports
    }
  }

  @Test
  void requestsToOneBmcStayWithinItsConcurrencyLimit() throws Exception {
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R750).start();
        RedfishSource source = Bmc.source(bmc, dir, "max_concurrency: 2\n")) {
      bmc.latency(java.time.Duration.ofMillis(30));
      source.scrape(new Scrape(1000));
      source.scrape(new Scrape(1010));
      assertEquals(2, bmc.maxConcurrent());
    }
  }

  /** BandwidthPercent is a percentage: 0 and 100 are readings, anything outside is no reading. */
  @Test
  void aSocketsBandwidthPercentIsReadFromZeroToAHundredInclusive() throws Exception {
    double[] percent = {50, 0, 100, 100.5, -0.5};
    AtomicInteger reads = new AtomicInteger();
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R750).start();
        RedfishSource source = Bmc.source(bmc, dir, "")) {
      bmc.handle("/redfish/v1/Systems/System.Embedded.1/Processors/CPU.Socket.1/ProcessorMetrics",
          r -> StandinReply.json("{\"BandwidthPercent\":" + percent[Math.min(reads.getAndIncrement(), percent.length - 1)] + "}"));
      List<Double> seen = new java.util.ArrayList<>();
      for (int k = 0; k < 5; k++) {
        Scrape s = new Scrape(1000 + 10 * k);
        source.scrape(s);
        seen.add(Bmc.value(s, "bmc1/socket/0", "util"));
      }
      // the walk reads the resource once (50) to see it is there; the five scrapes then read 0, 100,
      // 100.5, -0.5 and -0.5 again: 0 and 1 as fractions, the rest no reading
      assertEquals(java.util.Arrays.asList(0.0, 1.0, null, null, null), seen);
      assertEquals(6, reads.get());
    }
  }

  /** topology_refresh 10 s: the inventory is walked again at exactly 10 s after the last walk, not 1 ms before. */
  @Test
  void theInventoryIsWalkedAgainExactlyWhenTheRefreshHasPassed() throws Exception {
    String system = "/redfish/v1/Systems/System.Embedded.1";
    String body = java.nio.file.Files.readString(Bmc.R750.resolve(system.substring(1)).resolve("index.json"));
    AtomicInteger walks = new AtomicInteger();
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R750).start();
        RedfishSource source = Bmc.source(bmc, dir, "topology_refresh: 10s\n")) {
      bmc.handle(system, r -> {
        walks.incrementAndGet();
        return StandinReply.json(body);
      });
      Scrape walked = new Scrape(1000);
      source.scrape(walked);
      assertEquals(1, walks.get());
      Scrape between = new Scrape(1009.999);
      source.scrape(between);
      assertEquals(1, walks.get());
      // a scrape without a walk still carries the inventory's entities and relations
      assertEquals(walked.relations(), between.relations());
      assertEquals(walked.entities().size(), between.entities().size());
      assertTrue(between.relations().size() > 0);
      source.scrape(new Scrape(1010));
      assertEquals(2, walks.get());
      source.scrape(new Scrape(1015));
      assertEquals(2, walks.get());
    }
  }

  @Test
  void aSocketMetricThatFailsIsTheScrapesProblemAndNoReading() throws Exception {
    String metrics = "/redfish/v1/Systems/System.Embedded.1/Processors/CPU.Socket.1/ProcessorMetrics";
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R750).start();
        RedfishSource source = Bmc.source(bmc, dir, "retries: 0\n")) {
      source.scrape(new Scrape(1000));
      bmc.when("GET", metrics).reply(500);
      Scrape s = new Scrape(1010);
      source.scrape(s);
      assertNull(Bmc.value(s, "bmc1/socket/0", "util"));
      assertEquals(List.of("GET " + bmc.baseUri().toString().replaceAll("/$", "") + metrics
          + ": HTTP 500: Standin.Injected injected status 500"), s.problems());
    }
  }

  /**
   * A collector stopping (its thread interrupted) mid-scrape: the scrape says so and reads nothing,
   * the interrupt stays set for the runner, and the helper already started stops too instead of
   * reading the rest (each request 20 ms here, so that the rest would be seen).
   */
  @Test
  void anInterruptedScrapeSaysSoAndItsHelpersStop() throws Exception {
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R760).start();
        RedfishSource source = Bmc.source(bmc, dir, "telemetry: poll\nmax_concurrency: 2\n")) {
      source.scrape(new Scrape(1000)); // the walk
      bmc.clearLog();
      source.scrape(new Scrape(1005));
      int paths = bmc.requests().size();
      assertTrue(paths >= 6, paths + " requests in a scrape");
      bmc.latency(java.time.Duration.ofMillis(20));
      bmc.clearLog();
      Scrape s = new Scrape(1010);
      Thread.currentThread().interrupt();
      try {
        source.scrape(s);
      } finally {
        assertTrue(Thread.interrupted(), "the interrupt is kept for the collector");
      }
      assertEquals(1, s.problems().size(), s.problems().toString());
      assertTrue(s.problems().get(0).endsWith(": scrape interrupted after 0 of " + paths + " requests"), s.problems().toString());
      assertTrue(s.readings().isEmpty(), s.readings().toString());
      Thread.sleep(20L * paths + 500); // time enough for a helper left running to read every path
      assertTrue(bmc.requests().size() <= 1, bmc.requests().size() + " of " + paths + " requests sent after the interrupt");
    }
  }
}
