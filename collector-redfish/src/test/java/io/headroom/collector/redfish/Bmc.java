package io.headroom.collector.redfish;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.headroom.collector.remote.Credentials;
import io.headroom.collector.remote.RemoteEndpoint;
import io.headroom.collector.remote.RemoteHttpClient;
import io.headroom.collector.remote.RemoteSection;
import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.SourceContext;
import io.headroom.standin.StandinServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;

/** Test helpers: a stand-in serving one of the golden trees, and the source made by the factory for it. */
final class Bmc {
  static final Path R760 = Path.of("src/test/resources/golden/redfish/r760-client/input");
  static final Path R750 = Path.of("src/test/resources/golden/redfish/r750-storage/input");
  static final String CH = "/redfish/v1/Chassis/System.Embedded.1";
  static final String SESSIONS = "/redfish/v1/SessionService/Sessions";
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  private Bmc() {}

  /** A source (host bmc1) for {@code server} with these extra YAML keys; a password file "pw" holding "calvin" in {@code dir}. */
  static RedfishSource source(StandinServer server, Path dir, String extraYaml) throws Exception {
    return source(server, dir, Clock.systemUTC(), extraYaml);
  }

  /** The same with the factory on {@code clock} (busy and login holds, the stream's stamps). */
  static RedfishSource source(StandinServer server, Path dir, Clock clock, String extraYaml) throws Exception {
    Files.writeString(dir.resolve("pw"), "calvin\n");
    JsonNode settings = YAML.readTree("url: \"" + server.baseUri() + "\"\nplaintext: true\n" + extraYaml);
    return (RedfishSource) new RedfishSourceFactory(clock).create(new SourceContext("bmc1", null, dir), settings);
  }

  static final String LOGIN = "username: root\npassword_file: pw\n";

  /**
   * A client alone (no source, no walk) for the BMC at {@code url} with these extra YAML keys, the test's
   * clock, no retries; a password file "pw" holding "calvin" in {@code dir}.
   */
  static BmcClient client(java.net.URI url, Path dir, Clock clock, String extraYaml) throws Exception {
    Files.writeString(dir.resolve("pw"), "calvin\n");
    JsonNode settings = YAML.readTree("url: \"" + url + "\"\nplaintext: true\nretries: 0\n" + extraYaml);
    RemoteEndpoint endpoint = RemoteSection.bind(settings, RedfishSettings.class, dir, "redfish source of bmc1").endpoint();
    Credentials credentials = Credentials.resolve(endpoint, dir);
    RemoteHttpClient http = RemoteHttpClient.builder(endpoint, credentials).clock(clock).build();
    return new BmcClient(http, credentials, clock);
  }

  /** The value of one reading of a scrape, or null. */
  static Double value(Scrape s, String entity, String metric) {
    List<Scrape.Reading> rs = s.readings().getOrDefault(entity, List.of());
    return rs.stream().filter(r -> r.metric().equals(metric)).map(Scrape.Reading::value).findFirst().orElse(null);
  }
}
