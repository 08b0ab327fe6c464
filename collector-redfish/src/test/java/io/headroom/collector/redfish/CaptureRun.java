package io.headroom.collector.redfish;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.headroom.collector.redfish.Fetcher.Fetched;
import io.headroom.collector.remote.Credentials;
import io.headroom.collector.remote.RemoteEndpoint;
import io.headroom.collector.remote.RemoteHttpClient;
import io.headroom.collector.source.Discovery;
import io.headroom.collector.source.Scrape;
import io.headroom.model.Entity;
import io.headroom.standin.Captures;
import io.headroom.standin.StandinServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

/**
 * A real Redfish capture (shared/fixtures/redfish/NAME) served on loopback by the stand-in and read
 * by the Redfish source as a user's {@code discover} and {@code collect --once} would: the walk,
 * then two scrapes 10 s apart (the first primes the counters). Skipped, saying which, where the
 * capture is not on this machine.
 */
final class CaptureRun {
  private static final ObjectMapper JSON = new ObjectMapper();

  final Path capture;
  final Discovery discovery;
  final Scrape second;
  /** The answer to one more GET through the same client, for resources the walk does not read. */
  private final StandinServer server;
  private final BmcClient client;

  private CaptureRun(Path capture, Discovery discovery, Scrape second, StandinServer server, BmcClient client) {
    this.capture = capture;
    this.discovery = discovery;
    this.second = second;
    this.server = server;
    this.client = client;
  }

  static CaptureRun of(String name, String host) throws Exception {
    Path capture = Captures.find("redfish/" + name);
    assumeTrue(capture != null, "skipped: shared/fixtures/redfish/" + name + " is not on this machine");
    StandinServer server = StandinServer.builder().root(capture).start();
    RemoteEndpoint endpoint = RemoteEndpoint.of(server.baseUri()).withPlaintext(true);
    BmcClient client = new BmcClient(RemoteHttpClient.builder(endpoint, Credentials.NONE).build(), Credentials.NONE,
        Clock.systemUTC());
    RedfishSettings settings = new RedfishSettings(null, RedfishSettings.Telemetry.POLL, null);
    RedfishSource source = new RedfishSource(host, Duration.ofSeconds(10), settings, client, Clock.systemUTC(),
        Fetcher.helperPool(), inv -> null);
    Discovery d = source.discover();
    source.scrape(new Scrape(1000));
    Scrape second = new Scrape(1010);
    source.scrape(second);
    return new CaptureRun(capture, d, second, server, client);
  }

  void close() {
    client.close();
    server.close();
  }

  Entity entity(String id) {
    return discovery.entities().stream().filter(e -> e.id().equals(id)).findFirst()
        .orElseThrow(() -> new AssertionError(id + " not discovered; found " + ids()));
  }

  List<String> ids() {
    return discovery.entities().stream().map(Entity::id).sorted().toList();
  }

  List<Entity> ofKind(String kind) {
    return discovery.entities().stream().filter(e -> e.kind().equals(kind)).toList();
  }

  List<String> relations() {
    return discovery.relations().stream().map(r -> r.key()).sorted().toList();
  }

  Double reading(String entity, String metric) {
    return second.readings().getOrDefault(entity, List.of()).stream().filter(r -> r.metric().equals(metric))
        .map(Scrape.Reading::value).findFirst().orElse(null);
  }

  /** GET path through the source's own client (and its handling of error bodies). */
  Fetched get(String path) {
    return new Fetcher(client, 1, Fetcher.helperPool()).get(path);
  }

  /** A resource of the capture as the file holds it. */
  JsonNode file(String redfishPath) throws IOException {
    return JSON.readTree(capture.resolve(redfishPath.replaceFirst("^/", "")).resolve("index.json").toFile());
  }

  /** The capture's files under a folder whose folder name matches glob, read as JSON. */
  List<JsonNode> files(String redfishFolder, String glob) throws IOException {
    Path dir = capture.resolve(redfishFolder.replaceFirst("^/", ""));
    try (Stream<Path> s = Files.list(dir)) {
      List<Path> matching = s.filter(p -> p.getFileSystem().getPathMatcher("glob:" + glob).matches(p.getFileName()))
          .sorted().toList();
      List<JsonNode> out = new java.util.ArrayList<>();
      for (Path p : matching) {
        out.add(JSON.readTree(p.resolve("index.json").toFile()));
      }
      return out;
    }
  }
}
