package io.headroom.collector.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.collector.redfish.RedfishSourceFactory;
import io.headroom.collector.source.SourceContext;
import io.headroom.standin.StandinReply;
import io.headroom.standin.StandinServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A BMC that answers its service root and then freezes (every other answer waits a minute): the
 * capture tells its progress while it waits, stops at its deadline, and writes what was answered.
 * Before, it waited out every request's timeout and retries, printing nothing.
 */
class CaptureDeadlineTest {
  @TempDir Path dir;

  @Test
  @Timeout(30)
  void aFrozenBmcIsCapturedUpToTheDeadlineWithProgressMeanwhile() throws Exception {
    try (StandinServer bmc = StandinServer.builder().start()) {
      bmc.handle("/redfish/v1", r -> StandinReply.json("{\"Vendor\":\"Dell\",\"RedfishVersion\":\"1.17.0\","
          + "\"Systems\":{\"@odata.id\":\"/redfish/v1/Systems\"}}"));
      bmc.handle("/redfish/v1/Systems", r -> StandinReply.json("{\"Members\":[]}"));
      bmc.latency("/redfish/v1/Systems", Duration.ofMinutes(1)); // frozen past the root
      List<String> progress = new CopyOnWriteArrayList<>();
      Capture.Limits limits = new Capture.Limits(Duration.ofSeconds(3), Duration.ofMillis(500), progress::add);
      Path out = dir.resolve("capture");
      var settings = CaptureWriter.JSON.createObjectNode().put("url", bmc.baseUri().toString()).put("plaintext", true)
          .put("telemetry", "poll");
      Capture.Result r = Capture.capture(new RedfishSourceFactory(), new SourceContext("h1", null, dir), settings, out,
          false, Clock.systemUTC(), limits);
      assertEquals("stopped after 3s (--deadline) with 1 answers recorded: the device did not finish answering",
          r.stopped());
      // a line every 500 ms for 3 s: five before the deadline (0.5 .. 2.5 s)
      assertTrue(progress.size() >= 4, progress.toString());
      assertEquals("capture redfish h1: 1 s, 1 answers recorded so far", progress.get(2));
      assertTrue(Files.isRegularFile(out.resolve("redfish/v1/index.json")), "the service root, answered, is written");
      assertEquals("Redfish 1.17.0, vendor Dell", r.firmware());
      assertTrue(Files.readString(out.resolve("README.md")).contains("- Incomplete: stopped after 3s (--deadline)"),
          "the README says the capture is partial");
    }
  }
}
