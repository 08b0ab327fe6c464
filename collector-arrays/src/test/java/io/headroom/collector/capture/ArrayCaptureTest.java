package io.headroom.collector.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.headroom.collector.ontap.OntapSourceFactory;
import io.headroom.collector.powerstore.PowerStoreSourceFactory;
import io.headroom.collector.source.SourceFactory;
import io.headroom.config.Durations;
import io.headroom.standin.StandinServer;
import io.headroom.standin.arrays.OntapStandin;
import io.headroom.standin.arrays.PowerStoreStandin;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A capture of an array stand-in's golden case (PowerStore: the S5 two-node array, a failing
 * collection and an unknown series; ONTAP: a two-node cluster, failures) served back by the same
 * stand-in reads as the array did: discover and the second scrape equal line for line.
 */
class ArrayCaptureTest {
  private static final Path GOLDEN = Path.of("src/test/resources/golden").toAbsolutePath();
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  /** The login a PowerStore or ONTAP capture writes for its stand-in (PowerStoreCaptureFormat.LOGIN). */
  private static final String LOGIN = "capture";

  @TempDir Path dir;

  /** The case's own section (config.yaml, less type, host and interval), against its folder. */
  private static CaptureRoundTrip device(String name) throws Exception {
    Path caseDir = GOLDEN.resolve(name);
    ObjectNode section = (ObjectNode) YAML.readTree(caseDir.resolve("config.yaml").toFile());
    var interval = Durations.parse(section.get("interval").asText());
    section.remove(List.of("type", "host", "interval", "url"));
    return new CaptureRoundTrip(s -> s.setAll(section), caseDir, interval);
  }

  /** The same section with the capture's login ("capture"/"capture") instead of the device's. */
  private CaptureRoundTrip replay(String name) throws Exception {
    Files.writeString(dir.resolve("capture.pw"), LOGIN + "\n");
    CaptureRoundTrip d = device(name);
    return new CaptureRoundTrip(s -> d.more().apply(s).put("username", LOGIN)
        .put("password_file", "capture.pw"), dir, d.interval());
  }

  private static SourceFactory factory(String name) {
    return name.startsWith("ontap/") ? new OntapSourceFactory() : new PowerStoreSourceFactory();
  }

  private static StandinServer serve(String name, Path input) throws Exception {
    return name.startsWith("ontap/") ? OntapStandin.serve(input) : PowerStoreStandin.serve(input);
  }

  /** What the source makes of the case's array, and the capture of it written to out. */
  private String captured(String name, Path out, boolean keepSerials) throws Exception {
    String original;
    try (StandinServer array = serve(name, GOLDEN.resolve(name).resolve("input"))) {
      original = device(name).render(factory(name), array);
    }
    try (StandinServer array = serve(name, GOLDEN.resolve(name).resolve("input"))) {
      device(name).capture(factory(name), array, out, keepSerials);
    }
    return original;
  }

  @ParameterizedTest
  @ValueSource(strings = {"powerstore/s5-two-nodes", "powerstore/partial-failures", "ontap/two-node-cluster",
      "ontap/partial-failures"})
  void keptSerialsCaptureServesTheSameEntitiesAndReadings(String name) throws Exception {
    Path out = dir.resolve("cap");
    String original = captured(name, out, true);
    try (StandinServer served = serve(name, out)) {
      assertEquals(original, replay(name).render(factory(name), served));
    }
    // the comparison has readings to compare: the second scrape is not empty
    assertFalse(original.endsWith("---\n"), original);
  }

  @Test
  void redactedPowerStoreCaptureHasNoServiceTagWwnOrLogin() throws Exception {
    String name = "powerstore/s5-two-nodes";
    Path out = dir.resolve("cap");
    String original = captured(name, out, false);
    String written = Files.readString(out.resolve("array.json"));
    // the appliance's service_tag and the first volume's wwn, as input/array.json has them
    assertFalse(written.contains("7XK4P23"), written);
    assertFalse(written.contains("naa.68ccf09800ac8ab0e2506d99bee29e40"), written);
    assertFalse(written.contains("\"monitor\""), "the device's login is not written");
    assertFalse(written.contains("ps-secret-42"), "nor its password");
    try (StandinServer served = serve(name, out)) {
      assertEquals(original.lines().count(), replay(name).render(factory(name), served).lines().count());
    }
  }
}
