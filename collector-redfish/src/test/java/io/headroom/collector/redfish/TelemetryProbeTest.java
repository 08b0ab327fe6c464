package io.headroom.collector.redfish;

import static io.headroom.collector.redfish.MiniBmc.CH;
import static io.headroom.collector.redfish.MiniBmc.link;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.collector.remote.ManualClock;
import io.headroom.collector.source.Discovery;
import io.headroom.collector.source.Scrape;
import io.headroom.standin.StandinServer;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stream or poll: what the BMC must offer for usage to come by the SSE stream (EventService with a
 * ServerSentEventUri, an enabled TelemetryService, its SystemUsage report), what the CPU entity
 * says otherwise, and when a streamed value is taken (in %, 0-100, fresh) over the sensor's.
 */
class TelemetryProbeTest {
  private static final String SENSORS = CH + "/Sensors";
  private static final String EVENTS = "/redfish/v1/EventService";
  private static final String TELEMETRY = "/redfish/v1/TelemetryService";
  private static final String DEFINITIONS = TELEMETRY + "/MetricDefinitions";
  private static final String ROOT = "{\"Vendor\":\"Dell\",\"Systems\":" + link("/redfish/v1/Systems")
      + ",\"EventService\":" + link(EVENTS) + ",\"TelemetryService\":" + link(TELEMETRY) + "}";

  @TempDir Path dir;

  private static String percent(int reading) {
    return "{\"Reading\":" + reading + ",\"ReadingUnits\":\"%\"}";
  }

  /** Every part of the stream offered; the four usage sensors read 37, 21, 25 and 41 %. */
  private static MiniBmc offered() {
    return MiniBmc.dell("{\"Sensors\":" + link(SENSORS) + "}")
        .put("/redfish/v1", ROOT)
        .put(SENSORS + "/SystemBoardCPUUsage", percent(37))
        .put(SENSORS + "/SystemBoardIOUsage", percent(21))
        .put(SENSORS + "/SystemBoardMEMUsage", percent(25))
        .put(SENSORS + "/SystemBoardSYSUsage", percent(41))
        .put(EVENTS, "{\"ServerSentEventUri\":\"/redfish/v1/SSE\"}")
        .put(TELEMETRY, "{\"ServiceEnabled\":true,\"MetricReportDefinitions\":" + link(TELEMETRY + "/MetricReportDefinitions")
            + ",\"MetricDefinitions\":" + link(DEFINITIONS) + "}")
        .put(TELEMETRY + "/MetricReportDefinitions/SystemUsage", "{\"MetricReportDefinitionEnabled\":true}");
  }

  private Discovery discover(MiniBmc bmc, String telemetry) throws Exception {
    return bmc.discover(dir, "telemetry: " + telemetry + "\n");
  }

  private static Object how(Discovery d) {
    return MiniBmc.entity(d, "bmc1/cpu").attrs().get("telemetry");
  }

  @Test
  void everyPartOfferedStreams() throws Exception {
    Discovery d = discover(offered(), "auto");
    assertEquals("sse", how(d));
    assertEquals(List.of(), d.problems());
  }

  @Test
  void whatIsMissingIsSaidOnTheCpuAndDegradesDiscoveryUnderAuto() throws Exception {
    String rootWithoutEvents = ROOT.replace(",\"EventService\":" + link(EVENTS), "");
    Discovery noEvents = discover(offered().put("/redfish/v1", rootWithoutEvents), "auto");
    assertEquals("poll (no EventService)", how(noEvents));
    assertTrue(noEvents.degraded().contains("bmc1/cpu: usage polled, telemetry stream not offered: no EventService"),
        noEvents.degraded().toString());
    String rootWithoutTelemetry = ROOT.replace(",\"TelemetryService\":" + link(TELEMETRY), "");
    assertEquals("poll (no TelemetryService)", how(discover(offered().put("/redfish/v1", rootWithoutTelemetry), "auto")));
    assertEquals("poll (no ServerSentEventUri)", how(discover(offered().put(EVENTS, "{}"), "auto")));
    assertEquals("poll (TelemetryService disabled on the BMC)",
        how(discover(offered().put(TELEMETRY, "{\"ServiceEnabled\":false}"), "auto")));
    assertEquals("poll (SystemUsage metric report disabled)", how(discover(offered()
        .put(TELEMETRY + "/MetricReportDefinitions/SystemUsage", "{\"MetricReportDefinitionEnabled\":false}"), "auto")));
    assertEquals("poll (telemetry: poll)", how(discover(offered(), "poll")));
  }

  @Test
  void underSseWhatIsMissingIsAProblem() throws Exception {
    Discovery d = discover(offered().put(EVENTS, "{}"), "sse");
    // the note of auto (above), as a problem: the discovery's problems are cut to what they name here
    assertEquals(List.of("bmc1/cpu"), d.problems());
    assertTrue(d.degraded().stream().noneMatch(n -> n.contains("telemetry stream")), d.degraded().toString());
  }

  @Test
  void anEventServiceThatFailsIsAProblemOneThatIsAbsentIsNot() throws Exception {
    Discovery failing = discover(offered().fail(EVENTS), "auto");
    assertEquals("poll (unreadable EventService)", how(failing));
    assertEquals(List.of("GET BMC" + EVENTS), failing.problems());
    Discovery absent = discover(offered().fail(TELEMETRY).put(EVENTS, "{\"ServerSentEventUri\":\"/redfish/v1/SSE\"}"), "auto");
    assertEquals("poll (unreadable TelemetryService)", how(absent));
    MiniBmc noTelemetryDoc = offered();
    noTelemetryDoc.handle(TELEMETRY, r -> io.headroom.standin.StandinReply.json(404, "{}"));
    Discovery notThere = discover(noTelemetryDoc, "auto");
    assertEquals("poll (unreadable TelemetryService)", how(notThere));
    assertEquals(List.of(), notThere.problems()); // 404: not offered, not an error
  }

  @Test
  void aMetricDefinitionThatFailsIsAProblemAndTheStreamStillUsed() throws Exception {
    Discovery d = discover(offered().fail(DEFINITIONS + "/CPUUsage"), "auto");
    assertEquals("sse", how(d));
    assertEquals(List.of("GET BMC" + DEFINITIONS + "/CPUUsage"), d.problems());
  }

  /**
   * Two scrapes on the test clock: the first walks and starts the stream, which sends one report;
   * the clock then moves {@code after}; the second scrape's usage readings are returned.
   */
  private Scrape secondScrape(MiniBmc bmc, String report, Duration after, String extraYaml) throws Exception {
    ManualClock clock = new ManualClock(Instant.parse("2026-12-03T10:00:00Z"));
    CountDownLatch end = new CountDownLatch(1);
    bmc.stream("/redfish/v1/SSE", (req, out) -> {
      out.send("data: {\"MetricValues\":" + report + "}\n\n");
      end.await(10, TimeUnit.SECONDS);
    });
    try (StandinServer server = bmc.serve();
        RedfishSource source = Bmc.source(server, dir, clock, "telemetry: auto\nretries: 0\n" + extraYaml)) {
      source.scrape(new Scrape(1000));
      for (int i = 0; i < 200 && (source.stream() == null || source.stream().latest("CPUUsage", Duration.ofDays(1)) == null); i++) {
        Thread.sleep(25);
      }
      clock.advance(after);
      Scrape s = new Scrape(1010);
      source.scrape(s);
      return s;
    } finally {
      end.countDown();
    }
  }

  private static String values(String cpu, String io, String mem, String sys) {
    return "[{\"MetricId\":\"CPUUsage\",\"MetricValue\":\"" + cpu + "\"},{\"MetricId\":\"IOUsage\",\"MetricValue\":\"" + io
        + "\"},{\"MetricId\":\"MemoryUsage\",\"MetricValue\":\"" + mem + "\"},{\"MetricId\":\"AggregateUsage\",\"MetricValue\":\""
        + sys + "\"}]";
  }

  @Test
  void streamedValuesFrom0To100AreTakenOthersLeaveTheSensorPolled() throws Exception {
    Scrape s = secondScrape(offered(), values("100", "0", "100.5", "-0.5"), Duration.ZERO, "");
    assertEquals(1.0, Bmc.value(s, "bmc1/cpu", "util"));
    assertEquals(0.0, Bmc.value(s, "bmc1/cpu", "bmc_io_usage"));
    assertEquals(0.25, Bmc.value(s, "bmc1/cpu", "bmc_memory_usage")); // 100.5 % cannot be: the sensor's 25 %
    assertEquals(0.41, Bmc.value(s, "bmc1/cpu", "bmc_system_usage")); // -0.5 %: the sensor's 41 %
  }

  @Test
  void aStreamedValueIsFreshForThreeIntervalsOrThreeMinutesWhicheverIsLonger() throws Exception {
    String report = values("73", "10", "11", "12");
    // interval 5 s (the factory's default here): three minutes
    assertEquals(0.73, Bmc.value(secondScrape(offered(), report, Duration.ofMinutes(3), ""), "bmc1/cpu", "util"));
    assertEquals(0.37, Bmc.value(secondScrape(offered(), report, Duration.ofSeconds(181), ""), "bmc1/cpu", "util"));
  }

  @Test
  void aStreamedValueInAnotherUnitIsNotTakenOneWithoutAUnitIsPercent() throws Exception {
    String report = values("73", "10", "11", "12");
    MiniBmc watts = offered().put(DEFINITIONS + "/CPUUsage", "{\"Units\":\"W\"}");
    assertEquals(0.37, Bmc.value(secondScrape(watts, report, Duration.ZERO, ""), "bmc1/cpu", "util"));
    MiniBmc unitless = offered().put(DEFINITIONS + "/CPUUsage", "{\"Id\":\"CPUUsage\"}");
    assertEquals(0.73, Bmc.value(secondScrape(unitless, report, Duration.ZERO, ""), "bmc1/cpu", "util"));
  }
}
