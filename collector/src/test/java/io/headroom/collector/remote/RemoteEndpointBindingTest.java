package io.headroom.collector.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.headroom.config.ConfigException;
import io.headroom.config.SettingsBinder;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The testbed section of a remote source binds onto RemoteEndpoint through the settings binder. */
class RemoteEndpointBindingTest {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final Path BASE = Path.of("/etc/headroom");

  private static RemoteEndpoint bind(String yaml) throws Exception {
    return SettingsBinder.bind(YAML.readTree(yaml), RemoteEndpoint.class, BASE, "redfish source of r750a");
  }

  @Test
  void theContractSectionBinds() throws Exception {
    RemoteEndpoint e = bind("""
        url: https://idrac-r750a
        username: root
        password_file: secrets/idrac
        tls: {pin_sha256: "AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89"}
        max_concurrency: 4
        read_timeout: 20s
        """);
    assertEquals(URI.create("https://idrac-r750a"), e.url());
    assertEquals(BASE.resolve("secrets/idrac"), e.passwordFile());
    assertEquals(4, e.maxConcurrency());
    assertEquals(Duration.ofSeconds(20), e.readTimeout());
    assertEquals(RemoteEndpoint.DEFAULT_CONNECT_TIMEOUT, e.connectTimeout());
  }

  @Test
  void problemsAreNamedOnceByKeyAndTheUrlsSecretIsNotEchoed() {
    ConfigException e = assertThrows(ConfigException.class, () -> bind("""
        url: http://root:calvin@idrac-r750a
        password_env: A
        password_file: f
        tls: {insecure: maybe}
        max_concurrency: 0
        """));
    assertFalse(e.getMessage().contains("calvin"), e.getMessage());
    assertEquals("redfish source of r750a: tls.insecure: must be true or false, not a string; "
        + "url: http:// sends the credentials and the data in the clear; use https://, or set plaintext: true to allow it; "
        + "url: must not hold credentials (user:password@); use username with password_env or password_file; "
        + "password_env, password_file: give one, not both; "
        + "max_concurrency: must be at least 1", e.getMessage());
  }

  @Test
  void aNestedRecordsProblemIsReportedOnce() {
    // TlsSettings is checked by the binder (as tls.) and by RemoteEndpoint.validate(): one line, not two
    ConfigException e = assertThrows(ConfigException.class, () -> bind("""
        url: https://idrac-r750a
        tls: {pin_sha256: "zz", insecure: true}
        """));
    assertEquals("redfish source of r750a: tls.pin_sha256, ca_file, insecure: give at most one; "
        + "tls.pin_sha256: must be 64 hex digits, the SHA-256 of the server certificate (colons optional)", e.getMessage());
  }
}
