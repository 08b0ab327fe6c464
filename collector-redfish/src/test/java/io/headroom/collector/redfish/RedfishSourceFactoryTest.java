package io.headroom.collector.redfish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.collector.source.Scrape;
import io.headroom.model.MetricDef;
import io.headroom.standin.StandinServer;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the factory registers and wires: its type and metrics, and a telemetry stream that waits between attempts. */
class RedfishSourceFactoryTest {
  @TempDir Path dir;

  @Test
  void itRegistersTypeRedfishWithTheRedfishMetrics() {
    RedfishSourceFactory factory = new RedfishSourceFactory();
    assertEquals("redfish", factory.type());
    assertEquals(RedfishMetrics.ALL, factory.metrics());
    assertTrue(factory.metrics().stream().map(MetricDef::name).toList().contains("bmc_io_usage"));
  }

  @Test
  void aSourceItMakesStartsTheStreamAndWaitsTheFirstWaitAfterAFailure() throws Exception {
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R760).start()) {
      bmc.when("GET", "/redfish/v1/SSE").reply(500);
      try (RedfishSource source = Bmc.source(bmc, dir, "telemetry: auto\nretries: 0\n")) {
        source.scrape(new Scrape(1000));
        assertTrue(source.stream() != null, "the R760 offers the stream: one is started");
        for (int i = 0; i < 200 && bmc.count("GET", "/redfish/v1/SSE") == 0; i++) {
          Thread.sleep(25);
        }
        Thread.sleep(500);
        // after the 500 the stream waits STREAM_FIRST_WAIT (10 s) on the real clock: one attempt so far
        assertEquals(1, bmc.count("GET", "/redfish/v1/SSE"));
      }
    }
  }
}
