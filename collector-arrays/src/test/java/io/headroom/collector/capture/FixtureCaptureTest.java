package io.headroom.collector.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.headroom.collector.flashblade.FlashBladeSourceFactory;
import io.headroom.collector.ontap.OntapSourceFactory;
import io.headroom.collector.source.SourceFactory;
import io.headroom.standin.Captures;
import io.headroom.standin.StandinServer;
import io.headroom.standin.arrays.FlashBladeStandin;
import io.headroom.standin.arrays.OntapStandin;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code headroom capture} of the two sources it refused before: a FlashBlade (the real
 * fbstaines02 capture) and ONTAP read by {@code volume_statistics} (the real KeyPerf capture),
 * each captured from its stand-in and served back by the same stand-in, reads as the array did:
 * discover and the second scrape equal line for line. The cases' own sections are used as they are:
 * both already log in as the stand-ins' "capture".
 */
class FixtureCaptureTest {
  private static final Path GOLDEN = Path.of("src/test/resources/golden").toAbsolutePath();
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  @TempDir Path dir;

  private static CaptureRoundTrip device(Path caseDir) throws Exception {
    ObjectNode section = (ObjectNode) YAML.readTree(caseDir.resolve("config.yaml").toFile());
    var interval = section.hasNonNull("interval") ? io.headroom.config.Durations.parse(section.get("interval").asText()) : null;
    section.remove(List.of("type", "host", "interval", "url"));
    return new CaptureRoundTrip(s -> s.setAll(section), caseDir, interval);
  }

  private static StandinServer serve(String name, Path input) throws Exception {
    return name.startsWith("ontap/") ? OntapStandin.serve(input) : FlashBladeStandin.serve(input);
  }

  private static SourceFactory factory(String name) {
    return name.startsWith("ontap/") ? new OntapSourceFactory() : new FlashBladeSourceFactory();
  }

  @ParameterizedTest
  @ValueSource(strings = {"flashblade/fbstaines02-capture", "ontap/keyperf-capture"})
  void aCaptureServedBackReadsAsTheArrayDid(String name) throws Exception {
    Path caseDir = GOLDEN.resolve(name);
    String fixture = Files.readString(caseDir.resolve("input.capture")).trim();
    Path input = Captures.find(fixture);
    assumeTrue(input != null, "skipped: shared/fixtures/" + fixture + " is not on this machine");
    String original;
    try (StandinServer array = serve(name, input)) {
      original = device(caseDir).render(factory(name), array);
    }
    Path out = dir.resolve("cap");
    try (StandinServer array = serve(name, input)) {
      Capture.Result r = device(caseDir).capture(factory(name), array, out, true);
      // fbstaines02's arrays answer says Purity//FB 4.1.2; ONTAP's volumes endpoint names no version
      assertEquals(name.startsWith("ontap/") ? "not stated (Headroom reads no version from ONTAP)" : "Purity//FB 4.1.2",
          r.firmware());
    }
    try (StandinServer served = serve(name, out)) {
      assertEquals(original, device(caseDir).render(factory(name), served));
    }
    // the comparison has readings to compare: the second scrape is not empty
    assertFalse(original.endsWith("---\n"), original);
  }
}
