package io.headroom.collector.golden;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.headroom.collector.source.Discovery;
import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.Source;
import io.headroom.collector.source.SourceContext;
import io.headroom.collector.source.SourceFactory;
import io.headroom.standin.Captures;
import io.headroom.standin.StandinServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import io.headroom.config.Durations;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The golden form of a source that talks to a device: one folder per case,
 *
 * <pre>
 * config.yaml          the source's testbed section (host:, interval: and its own keys);
 *                      ${url} becomes the stand-in's address
 * input/               the recorded responses the stand-in serves (DMTF mockup layout), or
 * input.capture        one line naming a real capture under shared/fixtures (never copied in)
 * expected/discover.txt, expected/scrape2.txt   what discover finds, the second scrape's readings
 * expected/error.txt   or: the configuration error the source must refuse the section with
 * </pre>
 *
 * A source whose device is not a tree of files (a session login, a POST answered with computed
 * rows) passes its own {@link Standin}, which reads the case's input its own way.
 *
 * A case whose capture is absent is skipped, saying which.
 */
public final class RemoteGolden {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  private RemoteGolden() {}

  /** The case folders under dir, sorted. */
  public static List<Path> cases(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(Files::isDirectory).sorted().toList();
    }
  }

  /** Starts the stand-in a case's input is served by. */
  @FunctionalInterface
  public interface Standin {
    StandinServer start(Path input) throws IOException;
  }

  /** The case served as recorded files (DMTF mockup layout). */
  public static void check(Path caseDir, SourceFactory factory) throws Exception {
    check(caseDir, factory, input -> StandinServer.builder().root(input).start());
  }

  /**
   * The case served by a stand-in of the source's own (an API that is not files: a session
   * login, a POST that answers with computed rows), made from the case's input.
   */
  public static void check(Path caseDir, SourceFactory factory, Standin standin) throws Exception {
    Path input = input(caseDir);
    try (StandinServer server = standin.start(input)) {
      String url = server.baseUri().toString().replaceAll("/$", "");
      JsonNode section = YAML.readTree(Files.readString(caseDir.resolve("config.yaml")).replace("${url}", url));
      ObjectNode settings = ((ObjectNode) section).deepCopy();
      settings.remove(List.of("type", "host", "interval"));
      Duration interval = section.hasNonNull("interval") ? Durations.parse(section.get("interval").asText()) : null;
      SourceContext context = new SourceContext(section.path("host").asText("h1"), interval, caseDir);
      Path error = caseDir.resolve("expected/error.txt");
      if (Files.exists(error)) {
        Exception e = assertThrows(Exception.class, () -> factory.create(context, settings).close());
        Golden.check(error, e.getMessage().replace(url, "URL") + "\n");
        return;
      }
      try (Source source = factory.create(context, settings)) {
        Discovery discovery = source.discover();
        String discovered = Golden.render(discovery).replace(url, "URL");
        source.scrape(new Scrape(1000)); // primes the counters
        Scrape second = new Scrape(1010);
        source.scrape(second);
        Golden.assertDeclared(discovery, second, factory.metrics());
        Map<Path, String> expected = new LinkedHashMap<>();
        expected.put(caseDir.resolve("expected/discover.txt"), discovered);
        expected.put(caseDir.resolve("expected/scrape2.txt"), Golden.render(second).replace(url, "URL"));
        Golden.checkAll(expected);
      }
    }
  }

  private static Path input(Path caseDir) throws IOException {
    Path named = caseDir.resolve("input.capture");
    if (!Files.exists(named)) {
      return caseDir.resolve("input");
    }
    String name = Files.readString(named).trim();
    Path capture = Captures.find(name);
    assumeTrue(capture != null, "skipped: the capture shared/fixtures/" + name + " is not on this machine "
        + "(set HEADROOM_FIXTURES to the fixtures directory to run " + caseDir.getFileName() + ")");
    return capture;
  }
}
