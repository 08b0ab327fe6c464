package io.headroom.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** remote_write: as a testbed file gives it: defaults, secrets by name, every problem named by its key. */
class RemoteWriteTargetTest {
  @TempDir Path dir;

  private Path write(String yaml) throws Exception {
    return Files.writeString(dir.resolve("testbed.yaml"), yaml);
  }

  @Test
  void endpointsBindWithTheirDefaults() throws Exception {
    TestbedConfig c = TestbedLoader.load(write("""
        testbed: lab
        remote_write:
          - {url: "http://127.0.0.1:9090/api/v1/write", plaintext: true}
          - name: vm
            url: "https://vm.example.com/api/v1/write"
            bearer_token_file: token
            max_backoff: 1s
            max_samples_per_send: 500
            ca_file: ca.pem
        """), dir);
    RemoteWriteTarget prom = c.remoteWrite().get(0);
    assertEquals("127.0.0.1-9090", prom.name());
    assertEquals(Duration.ofSeconds(30), prom.timeout());
    assertEquals(Duration.ofSeconds(5), prom.maxBackoff());
    assertEquals(2000, prom.maxSamplesPerSend());
    RemoteWriteTarget vm = c.remoteWrite().get(1);
    assertEquals("vm", vm.name());
    assertEquals(dir.resolve("token"), vm.bearerTokenFile()); // relative to the testbed file
    assertEquals(Duration.ofSeconds(1), vm.maxBackoff());
    assertEquals(500, vm.maxSamplesPerSend());
    assertEquals(dir.resolve("ca.pem"), vm.caFile());
    assertEquals(null, prom.caFile()); // the JVM's trust store
    assertEquals(List.of(), TestbedLoader.load(write("testbed: lab\n"), dir).remoteWrite());
  }

  @Test
  void everyProblemIsNamedByItsKeyAndTheUrlNeverEchoed() {
    RemoteWriteTarget t = new RemoteWriteTarget("a b", URI.create("http://u:secret@h.example.com/w"), false, "T", null,
        "u", null, null, Duration.ZERO, Duration.ofMillis(99), 0, Path.of("ca.pem"));
    assertEquals(List.of(
        "url: is http://, which sends the readings and any credentials in clear; use https:// or set plaintext: true",
        "ca_file: the url is http://, which has no TLS for a CA to verify; use https://",
        "url: must not hold credentials (user:password@ in the URL); use username and password_env",
        "name: letters, digits, '_', '.' and '-' only (it names a Kafka consumer group), at most 100",
        "bearer_token_env/bearer_token_file and username/password_env/password_file: choose one way to authenticate",
        "password_env or password_file: exactly one must be set with username",
        "timeout: must be positive",
        "max_backoff: must be at least 100ms, got 99ms",
        "max_samples_per_send: must be 1..100000, got 0"), t.validate());
    // the boundaries themselves pass
    RemoteWriteTarget edge = new RemoteWriteTarget("e", URI.create("https://h.example.com/w"), false, null, null,
        null, null, null, Duration.ofMillis(1), Duration.ofMillis(100), 100_000, Path.of("ca.pem"));
    assertEquals(List.of(), edge.validate());
  }

  @Test
  void twoEndpointsOfOneNameAreRefused() throws Exception {
    TestbedConfig c = TestbedLoader.load(write("""
        testbed: lab
        remote_write:
          - {url: "https://a.example.com/w", name: x}
          - {url: "https://b.example.com/w", name: x}
        """), dir);
    assertEquals(List.of("remote_write: two endpoints with one name; give each its own name:"), c.validate());
  }

  @Test
  void aBadEndpointStopsTheLoadNamedByItsPosition() {
    ConfigException e = assertThrows(ConfigException.class, () -> TestbedLoader.load(write("""
        testbed: lab
        remote_write:
          - {url: "http://a.example.com/w"}
        """), dir));
    assertEquals(dir.resolve("testbed.yaml") + ": remote_write[0].url: is http://, which sends the readings and any "
        + "credentials in clear; use https:// or set plaintext: true", e.getMessage());
  }

  /** from: says who forwards; left out, the analyzer does (as before the key existed); a third word is named. */
  @Test
  void fromSaysWhoForwards() throws Exception {
    TestbedConfig c = TestbedLoader.load(write("""
        testbed: lab
        remote_write:
          - {url: "http://127.0.0.1:9090/api/v1/write", plaintext: true}
          - {name: direct, url: "http://127.0.0.1:9091/api/v1/write", plaintext: true, from: collector}
        """), dir);
    assertEquals("analyzer", c.remoteWrite().get(0).from());
    assertEquals(true, c.remoteWrite().get(0).fromAnalyzer());
    assertEquals(false, c.remoteWrite().get(0).fromCollector());
    assertEquals(true, c.remoteWrite().get(1).fromCollector());
    assertEquals(false, c.remoteWrite().get(1).fromAnalyzer());
    RemoteWriteTarget both = RemoteWriteTarget.of(URI.create("https://h.example.com/w"), false).forwardedBy("both");
    assertEquals(List.of("from: analyzer or collector, got 'both'"), both.validate());
  }
}
