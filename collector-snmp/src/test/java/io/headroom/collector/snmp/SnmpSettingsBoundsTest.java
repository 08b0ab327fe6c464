package io.headroom.collector.snmp;

import static io.headroom.collector.snmp.Scrapes.settings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.headroom.collector.source.Source;
import io.headroom.collector.source.SourceContext;
import io.headroom.config.ConfigException;
import io.headroom.config.SettingsBinder;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The snmp section's bounds at their edges (each valid value beside the first refused one), the
 * agent address forms, the secrets' environment rules and the factory's own answers. Together with
 * {@link SnmpSettingsTest} they pin every default and limit the binding has.
 */
class SnmpSettingsBoundsTest {
  private static final String WHERE = "snmp source of sw1";

  private static SnmpSettings bind(Object... keyValues) throws ConfigException {
    return SettingsBinder.bind(settings(keyValues), SnmpSettings.class, Path.of("."), WHERE);
  }

  /** The problems of a 2c agent with these settings added; empty when it binds. */
  private static List<String> problems(Object... extra) {
    Object[] kv = new Object[extra.length + 4];
    kv[0] = "agent";
    kv[1] = "10.0.0.2";
    kv[2] = "community_env";
    kv[3] = "C";
    System.arraycopy(extra, 0, kv, 4, extra.length);
    try {
      bind(kv);
      return List.of();
    } catch (ConfigException e) {
      return List.of(e.getMessage());
    }
  }

  @Test
  void maxRepetitionsRunsFromOneToTheCap() {
    assertEquals(List.of(), problems("max_repetitions", 1));
    assertEquals(List.of(), problems("max_repetitions", SnmpSettings.MAX_REPETITIONS_CAP));
    assertEquals(List.of(WHERE + ": max_repetitions: must be 1..100, not 0"), problems("max_repetitions", 0));
    assertEquals(List.of(WHERE + ": max_repetitions: must be 1..100, not 101"), problems("max_repetitions", 101));
  }

  @Test
  void timeoutRunsFromTenMillisecondsToAMinute() {
    assertEquals(List.of(), problems("timeout", "10ms"));
    assertEquals(List.of(), problems("timeout", "60s"));
    assertEquals(List.of(WHERE + ": timeout: must be 10ms..60s, not PT0.009S"), problems("timeout", "9ms"));
    assertEquals(List.of(WHERE + ": timeout: must be 10ms..60s, not PT1M1S"), problems("timeout", "61s"));
  }

  @Test
  void walkTimeoutIsTwoMinutesUnlessSetAndRunsFromOneSecondToAnHour() throws ConfigException {
    assertEquals(Duration.ofMinutes(2), bind("agent", "10.0.0.2", "community_env", "C").walkTimeout());
    assertEquals(Duration.ofSeconds(1), bind("agent", "10.0.0.2", "community_env", "C", "walk_timeout", "1s").walkTimeout());
    assertEquals(List.of(), problems("walk_timeout", "1h"));
    assertEquals(List.of(WHERE + ": walk_timeout: must be 1s..1h, not 999ms"), problems("walk_timeout", "999ms"));
    assertEquals(List.of(WHERE + ": walk_timeout: must be 1s..1h, not 3601s"), problems("walk_timeout", "3601s"));
  }

  @Test
  void retriesRunFromNoneToTen() {
    assertEquals(List.of(), problems("retries", 0));
    assertEquals(List.of(), problems("retries", 10));
    assertEquals(List.of(WHERE + ": retries: must be 0..10, not -1"), problems("retries", -1));
  }

  @Test
  void theCommunityIsOneOfTwoAndV3OnlyWithVersion3() {
    assertEquals(WHERE + ": version 2c needs exactly one of community, community_env",
        assertThrows(ConfigException.class, () -> bind("agent", "a", "community", "x", "community_env", "C")).getMessage());
    assertEquals(WHERE + ": v3: only with version: 3",
        assertThrows(ConfigException.class, () -> bind("agent", "a", "community", "x",
            "v3", Map.of("user", "u", "auth", "SHA", "auth_password_env", "A", "priv", "AES-128", "priv_password_env", "P")))
            .getMessage());
    assertEquals(WHERE + ": agent: required (UDP host:port of the agent, e.g. 10.0.0.2:161)",
        assertThrows(ConfigException.class, () -> bind("agent", "  ", "community", "x")).getMessage());
  }

  @Test
  void aV3SectionNamesEachMissingOrBlankKey() throws ConfigException {
    assertEquals(List.of(), new SnmpV3Settings("u", SnmpV3Settings.AuthProtocol.SHA_256, "A",
        SnmpV3Settings.PrivProtocol.AES_128, "P").validate());
    assertEquals(List.of("user: required", "auth: required (one of SHA-224, SHA-256, SHA-384, SHA-512, SHA)",
        "auth_password_env: required (the environment variable holding the password)",
        "priv: required (one of AES-128, AES-192, AES-256, AES-192-C, AES-256-C)",
        "priv_password_env: required (the environment variable holding the password)"),
        new SnmpV3Settings(" ", null, " ", null, "").validate());
    SnmpSettings v3 = bind("agent", "a", "version", 3, "v3",
        Map.of("user", "u", "auth", "SHA-256", "auth_password_env", "A", "priv", "AES-128", "priv_password_env", "P"));
    assertTrue(v3.isV3(), "version 3 written as a YAML number");
    assertEquals("3", v3.version());
  }

  @Test
  void agentAddressesWithAndWithoutPortsAndIpv6() {
    assertEquals(new AgentAddress("10.0.0.2", 1161), AgentAddress.parse(" 10.0.0.2:1161 "));
    assertEquals(new AgentAddress("sw1", 161), AgentAddress.parse("sw1"));
    assertEquals(new AgentAddress("fe80::1", 161), AgentAddress.parse("fe80::1"), "a bare IPv6 address has no port");
    assertEquals(new AgentAddress("fe80::1", 1161), AgentAddress.parse("[fe80::1]:1161"));
    assertEquals(new AgentAddress("fe80::1", 161), AgentAddress.parse("[fe80::1]"));
    assertEquals("[fe80::1]:1161", new AgentAddress("fe80::1", 1161).toString());
    assertEquals("sw1:161", new AgentAddress("sw1", 161).toString());
  }

  @Test
  void anAgentAddressNamesWhatIsWrongWithIt() {
    assertEquals(Optional.empty(), AgentAddress.problem("sw1:1"));
    assertEquals(Optional.empty(), AgentAddress.problem("sw1:65535"));
    assertEquals(Optional.of("\"sw1:0\": port must be 1..65535"), AgentAddress.problem("sw1:0"));
    assertEquals(Optional.of("\"sw1:65536\": port must be 1..65535"), AgentAddress.problem("sw1:65536"));
    assertEquals(Optional.of("\":161\" has no host"), AgentAddress.problem(":161"));
    assertEquals(Optional.of("\"sw1:x\" is not host:port"), AgentAddress.problem("sw1:x"));
    assertEquals(Optional.of("\"[fe80::1\" is not host:port"), AgentAddress.problem("[fe80::1"));
  }

  @Test
  void aCommunityIsWrittenOrReadFromTheEnvironment() throws ConfigException {
    AgentSecrets written = AgentSecrets.resolve(bind("agent", "a", "community", "public"), v -> null, WHERE);
    assertEquals("public", written.community().reveal());
    assertNull(written.authPassword());
    // a community of one character is a community: only USM passwords need 8
    AgentSecrets read = AgentSecrets.resolve(bind("agent", "a", "community_env", "C"), Map.of("C", "p")::get, WHERE);
    assertEquals("p", read.community().reveal());
    assertEquals(WHERE + ": community_env: environment variable C is not set", assertThrows(ConfigException.class,
        () -> AgentSecrets.resolve(bind("agent", "a", "community_env", "C"), v -> null, WHERE)).getMessage());
    assertEquals(WHERE + ": community_env: environment variable C is empty", assertThrows(ConfigException.class,
        () -> AgentSecrets.resolve(bind("agent", "a", "community_env", "C"), Map.of("C", "")::get, WHERE)).getMessage());
  }

  @Test
  void usmPasswordsNeedEightCharactersAndAreNeverQuoted() throws ConfigException {
    SnmpSettings v3 = bind("agent", "a", "version", "3", "v3",
        Map.of("user", "u", "auth", "SHA-256", "auth_password_env", "A", "priv", "AES-128", "priv_password_env", "P"));
    AgentSecrets ok = AgentSecrets.resolve(v3, Map.of("A", "12345678", "P", "abcdefgh")::get, WHERE);
    assertEquals("12345678", ok.authPassword().reveal());
    assertEquals("abcdefgh", ok.privPassword().reveal());
    assertNull(ok.community());
    String shortAuth = assertThrows(ConfigException.class,
        () -> AgentSecrets.resolve(v3, Map.of("A", "1234567", "P", "abcdefgh")::get, WHERE)).getMessage();
    assertEquals(WHERE + ": v3.auth_password_env: the value of A is shorter than 8 characters (RFC 3414)", shortAuth);
    String shortPriv = assertThrows(ConfigException.class,
        () -> AgentSecrets.resolve(v3, Map.of("A", "12345678", "P", "abcdefg")::get, WHERE)).getMessage();
    assertEquals(WHERE + ": v3.priv_password_env: the value of P is shorter than 8 characters (RFC 3414)", shortPriv);
    assertTrue(!shortPriv.contains("abcdefg"), "the value itself is never in the message");
  }

  @Test
  void theFactoryNamesItsTypeMetricsAndIntervalAndAnAgentItCannotOpen() throws Exception {
    SnmpSourceFactory f = new SnmpSourceFactory();
    assertEquals("snmp", f.type());
    assertEquals(SnmpMetrics.ALL, f.metrics());
    assertTrue(!f.metrics().isEmpty());
    JsonNode agent = settings("agent", "127.0.0.1:1161", "community", "public");
    try (Source source = SnmpSourceFactory.create(new SourceContext("sw1", null, Path.of(".")), agent, v -> null)) {
      assertEquals(Duration.ofSeconds(5), source.interval(), "switches every 5 s unless the testbed says");
      assertEquals("snmp", source.name());
    }
    try (Source source = SnmpSourceFactory.create(new SourceContext("sw1", Duration.ofSeconds(2), Path.of(".")), agent,
        v -> null)) {
      assertEquals(Duration.ofSeconds(2), source.interval());
    }
    // the secrets are checked before any socket is opened
    assertEquals("snmp source of sw1: community_env: environment variable C is not set",
        assertThrows(ConfigException.class, () -> SnmpSourceFactory.create(new SourceContext("sw1", null, Path.of(".")),
            settings("agent", "127.0.0.1:1161", "community_env", "C"), v -> null)).getMessage());
  }
}
