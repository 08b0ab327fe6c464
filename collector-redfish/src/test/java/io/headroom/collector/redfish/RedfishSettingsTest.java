package io.headroom.collector.redfish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.headroom.collector.remote.RemoteEndpoint;
import io.headroom.collector.remote.RemoteSection;
import io.headroom.collector.source.SourceContext;
import io.headroom.config.ConfigException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The testbed section of a BMC, bound through the settings binder. */
class RedfishSettingsTest {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final SourceContext CTX = new SourceContext("r750a", null, Path.of("."));

  private static RemoteSection<RedfishSettings> bind(String yaml) throws Exception {
    // as RedfishSourceFactory binds it (RemoteSourceFactory.create)
    return RemoteSection.bind(YAML.readTree(yaml), RedfishSettings.class, CTX.baseDir(), "redfish source of " + CTX.host());
  }

  @Test
  void theContractSectionBindsWithItsDefaults() throws Exception {
    RemoteSection<RedfishSettings> section = bind("""
        url: https://idrac-r750a
        role: array
        username: root
        password_env: IDRAC_PASSWORD
        tls: {pin_sha256: "%s"}
        telemetry: sse
        """.formatted("AB".repeat(32)));
    RemoteEndpoint endpoint = section.endpoint();
    assertEquals(URI.create("https://idrac-r750a"), endpoint.url());
    assertEquals("root", endpoint.username());
    assertEquals("IDRAC_PASSWORD", endpoint.passwordEnv());
    assertTrue(endpoint.tls().pinned());
    assertEquals(RedfishSettings.Role.ARRAY, section.own().role());
    assertEquals(RedfishSettings.Telemetry.SSE, section.own().telemetry());
    assertEquals(2, endpoint.maxConcurrency());
    assertEquals(Duration.ofMinutes(10), section.own().topologyRefresh());
    // the walk's bounds: 20 pages and 5,000 members a collection, 2 minutes a walk
    assertEquals(20, section.own().maxPages());
    assertEquals(5_000, section.own().maxMembers());
    assertEquals(Duration.ofMinutes(2), section.own().walkTimeout());
    assertEquals(Duration.ofSeconds(60), endpoint.deadline());
  }

  @Test
  void theWalksBoundsAreSettableAndChecked() throws Exception {
    RedfishSettings s = bind("url: https://idrac\nmax_pages: 3\nmax_members: 100\nwalk_timeout: 30s\n").own();
    assertEquals(new RedfishSettings(null, null, null, 3, 100, Duration.ofSeconds(30)), s);
    ConfigException e = assertThrows(ConfigException.class,
        () -> bind("url: https://idrac\nmax_pages: 0\nmax_members: 0\nwalk_timeout: 500ms\n"));
    assertTrue(e.getMessage().contains("max_pages: must be at least 1"), e.getMessage());
    assertTrue(e.getMessage().contains("max_members: must be at least 1"), e.getMessage());
    assertTrue(e.getMessage().contains("walk_timeout: must be at least 1s"), e.getMessage());
  }

  @Test
  void clientAndAutoAreTheDefaults() throws Exception {
    RedfishSettings s = bind("url: https://idrac-r760\n").own();
    assertEquals(RedfishSettings.Role.CLIENT, s.role());
    assertEquals(RedfishSettings.Telemetry.AUTO, s.telemetry());
    // what a section without Redfish keys binds to is what defaults() says it is
    assertEquals(new RedfishSettings(RedfishSettings.Role.CLIENT, RedfishSettings.Telemetry.AUTO, Duration.ofMinutes(10)),
        RedfishSettings.defaults());
    assertEquals(RedfishSettings.defaults(), s);
  }

  @Test
  void everyProblemIsNamedByItsKeyAtOnce() {
    ConfigException e = assertThrows(ConfigException.class, () -> bind("""
        url: http://idrac-r750a
        telemetry: push
        topology_refresh: 9s
        max_concurrency: 0
        colour: blue
        """));
    String m = e.getMessage();
    assertTrue(m.startsWith("redfish source of r750a: "), m);
    assertTrue(m.contains("telemetry: must be one of [auto, sse, poll]"), m);
    assertTrue(m.contains("url: http:// sends the credentials"), m);
    assertTrue(m.contains("topology_refresh: must be at least 10s"), m);
    assertTrue(m.contains("max_concurrency: must be at least 1"), m);
    assertTrue(m.contains("colour"), m);
  }

  @Test
  void tenSecondsIsTheShortestRefresh() throws Exception {
    assertEquals(Duration.ofSeconds(10), bind("url: https://b\ntopology_refresh: 10s\n").own().topologyRefresh());
  }
}
