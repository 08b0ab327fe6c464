package io.headroom.collector.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.collector.powerstore.PowerStoreSourceFactory;
import io.headroom.standin.StandinServer;
import io.headroom.standin.arrays.PowerStoreStandin;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A capture of the PowerStore stand-in's golden arrays (two nodes with metrics series; a failing
 * collection and an unknown series) served back by the same stand-in reads as the array did.
 */
class PowerStoreCaptureTest {
  private static final Path GOLDEN = Path.of("src/test/resources/golden/powerstore").toAbsolutePath();

  @TempDir Path dir;

  private static CaptureRoundTrip device(String name) {
    // the golden cases' section: monitor, its ps.pw, a 20 s interval
    return new CaptureRoundTrip(s -> s.put("username", "monitor").put("password_file", "ps.pw").put("retries", 0),
        GOLDEN.resolve(name), Duration.ofSeconds(20));
  }

  private CaptureRoundTrip replay() throws Exception {
    Files.writeString(dir.resolve("capture.pw"), PowerStoreCaptureFormat.LOGIN + "\n");
    return new CaptureRoundTrip(s -> s.put("username", PowerStoreCaptureFormat.LOGIN)
        .put("password_file", "capture.pw").put("retries", 0), dir, Duration.ofSeconds(20));
  }

  @ParameterizedTest
  @ValueSource(strings = {"s5-two-nodes", "partial-failures"})
  void keptSerialsCaptureServesTheSameEntitiesAndReadings(String name) throws Exception {
    PowerStoreSourceFactory factory = new PowerStoreSourceFactory();
    Path out = dir.resolve("cap");
    String original;
    try (StandinServer array = PowerStoreStandin.serve(GOLDEN.resolve(name).resolve("input"))) {
      original = device(name).render(factory, array);
    }
    try (StandinServer array = PowerStoreStandin.serve(GOLDEN.resolve(name).resolve("input"))) {
      device(name).capture(factory, array, out, true);
    }
    try (StandinServer served = PowerStoreStandin.serve(out)) {
      assertEquals(original, replay().render(factory, served));
    }
    // the compared text holds readings of the second scrape (S5's nodes) or the failures' problems
    assertTrue(original.contains(name.equals("s5-two-nodes") ? "h1/node/N1 io_size_bytes 8192.0" : "fc_port"), original);
  }

  @ParameterizedTest
  @ValueSource(strings = {"s5-two-nodes"})
  void redactedCaptureHasNoServiceTagOrWwn(String name) throws Exception {
    PowerStoreSourceFactory factory = new PowerStoreSourceFactory();
    Path out = dir.resolve("cap");
    String original;
    try (StandinServer array = PowerStoreStandin.serve(GOLDEN.resolve(name).resolve("input"))) {
      original = device(name).render(factory, array);
    }
    Capture.Result result;
    try (StandinServer array = PowerStoreStandin.serve(GOLDEN.resolve(name).resolve("input"))) {
      result = device(name).capture(factory, array, out, false);
    }
    String written = Files.readString(out.resolve("array.json"));
    // the appliance's service_tag and the first volume's wwn, as input/array.json has them
    assertFalse(written.contains("7XK4P23"), written);
    assertFalse(written.contains("naa.68ccf09800ac8ab0e2506d99bee29e40"), written);
    assertFalse(written.contains("\"monitor\""), "the device's login is not written");
    assertEquals("PowerStore 5200T (software version not read by Headroom)", result.firmware());
    try (StandinServer served = PowerStoreStandin.serve(out)) {
      assertEquals(original.lines().count(), replay().render(factory, served).lines().count());
    }
  }
}
