package io.headroom.collector.redfish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.collector.redfish.Fetcher.Fetched;
import io.headroom.standin.StandinServer;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.ExecutorService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The fetcher's guarantees: a failure of any kind is a Fetched with its error, and its helpers never hold a JVM up. */
class FetcherTest {
  @TempDir Path dir;

  @Test
  void aLinkThatIsNotAUrlIsAFailureOfThatPathNotAnException() throws Exception {
    ExecutorService helpers = Fetcher.helperPool();
    try (StandinServer bmc = StandinServer.builder().root(Bmc.R760).start();
        BmcClient client = Bmc.client(bmc.baseUri(), dir, Clock.systemUTC(), "")) {
      Fetcher fetcher = new Fetcher(client, 2, helpers);
      String bad = "/redfish/v1/Chassis/System Embedded 1"; // spaces: a firmware's unescaped link
      Fetched f = fetcher.get(bad);
      assertTrue(!f.ok());
      String message = f.error().getMessage();
      assertTrue(message.startsWith("GET " + client.target() + bad + ": java.lang.IllegalArgumentException"), message);
      assertEquals(0, bmc.requests().size());
      assertEquals("/redfish/v1", fetcher.get("/redfish/v1").doc().path("@odata.id").asText()); // the next one is read
    } finally {
      helpers.shutdown();
    }
  }

  @Test
  void helperThreadsAreDaemons() throws Exception {
    ExecutorService helpers = Fetcher.helperPool();
    try {
      assertTrue(helpers.submit(() -> Thread.currentThread().isDaemon()).get());
    } finally {
      helpers.shutdown();
    }
  }
}
