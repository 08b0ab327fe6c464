package io.headroom.collector.snmp;

import static io.headroom.collector.snmp.Scrapes.settings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.headroom.config.ConfigException;
import io.headroom.config.SettingsBinder;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SnmpSettingsTest {
  private static String problems(Object... keyValues) {
    return assertThrows(ConfigException.class,
        () -> SettingsBinder.bind(settings(keyValues), SnmpSettings.class, Path.of("."), "snmp source of sw1")).getMessage();
  }

  @Test
  void defaults() throws ConfigException {
    SnmpSettings s = SettingsBinder.bind(settings("agent", "10.0.0.2", "community_env", "C"), SnmpSettings.class,
        Path.of("."), "snmp source of sw1");
    assertEquals("2c", s.version());
    assertEquals(SnmpSettings.Role.SWITCH, s.role());
    assertEquals(25, s.maxRepetitions());
    assertEquals(Duration.ofSeconds(1), s.timeout());
    assertEquals(1, s.retries());
    assertEquals(new AgentAddress("10.0.0.2", 161), AgentAddress.parse(s.agent()));
  }

  @Test
  void everyProblemIsNamedAtOnce() {
    assertEquals("snmp source of sw1: agent: \"sw1:99999\": port must be 1..65535; version 2c needs exactly one of"
        + " community, community_env; max_repetitions: must be 1..100, not 101; retries: must be 0..10, not 11",
        problems("agent", "sw1:99999", "max_repetitions", 101, "retries", 11));
    assertEquals("snmp source of sw1: agent: required (UDP host:port of the agent, e.g. 10.0.0.2:161); version:"
        + " \"1\" is not one of [2c, 3]", problems("version", "1"));
  }

  @Test
  void v3NeedsAuthPrivWithPasswordsFromTheEnvironment() {
    assertEquals("snmp source of sw1: v3: required with version: 3 (user, auth, auth_password_env, priv, priv_password_env);"
        + " community, community_env: only with version: 2c", problems("agent", "a", "version", "3", "community", "x"));
    assertEquals("snmp source of sw1: v3.auth: must be one of [sha, sha_224, sha_256, sha_384, sha_512], not \"MD5\";"
        + " v3.priv: must be one of [aes_128, aes_192, aes_256, aes_192_c, aes_256_c], not \"DES\"; v3.priv_password_env:"
        + " required (the environment variable holding the password)",
        problems("agent", "a", "version", "3", "v3", Map.of("user", "u", "auth", "MD5", "auth_password_env", "A",
            "priv", "DES")));
  }
}
