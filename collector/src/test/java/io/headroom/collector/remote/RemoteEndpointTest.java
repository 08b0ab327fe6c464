package io.headroom.collector.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class RemoteEndpointTest {
  private static RemoteEndpoint at(String url) {
    return RemoteEndpoint.of(URI.create(url));
  }

  @Test
  void absentKeysGetTheDefaults() {
    RemoteEndpoint e = new RemoteEndpoint(URI.create("https://bmc"), null, null, null, null, null, null, null, null, null,
        null, null, null);
    assertEquals(false, e.plaintext());
    assertEquals(TlsSettings.VERIFIED, e.tls());
    assertEquals(2, e.maxConcurrency());
    assertEquals(Duration.ofSeconds(5), e.connectTimeout());
    assertEquals(Duration.ofSeconds(10), e.readTimeout());
    assertEquals(Duration.ofSeconds(30), e.timeout());
    assertEquals(3, e.retries());
    assertEquals(Duration.ofSeconds(30), e.loginBackoff());
    assertEquals(Duration.ofMinutes(10), e.loginBackoffMax());
    assertEquals(Duration.ofSeconds(60), e.deadline());
    assertEquals(List.of(), e.validate());
  }

  @Test
  void plainHttpOnlyWhenAskedFor() {
    List<String> problems = at("http://bmc").validate();
    assertEquals(1, problems.size());
    assertTrue(problems.get(0).startsWith("url: ") && problems.get(0).contains("plaintext: true"), problems.get(0));
    assertEquals(List.of(), at("http://bmc").withPlaintext(true).validate());
    assertEquals(List.of("plaintext: true contradicts an https:// url; remove one of them"),
        at("https://bmc").withPlaintext(true).validate());
    assertEquals(List.of("url: must start with https:// (or http:// with plaintext: true)"), at("ftp://bmc").validate());
  }

  @Test
  void credentialsInTheUrlRefusedWithoutRepeatingThem() {
    List<String> problems = at("https://root:calvin@bmc").validate();
    assertEquals(1, problems.size());
    assertTrue(problems.get(0).startsWith("url: must not hold credentials"));
    assertFalse(problems.get(0).contains("calvin"));
    assertFalse(at("https://root:calvin@bmc").target().contains("calvin"));
  }

  @Test
  void oneSourceOfPasswordAndOneTlsChoice() {
    assertEquals(List.of("password_env, password_file: give one, not both"),
        at("https://bmc").withLogin("root", "PW", Path.of("pw")).validate());
    assertEquals(List.of("password_env or password_file: needed with username"),
        at("https://bmc").withLogin("root", null, null).validate());
    assertEquals(List.of("tls.pin_sha256, ca_file, insecure: give at most one"),
        at("https://bmc").withTls(new TlsSettings("ab".repeat(32), Path.of("ca.pem"), true)).validate());
    assertEquals(List.of(), at("https://bmc").withTls(new TlsSettings(null, Path.of("ca.pem"), false)).validate());
  }

  @Test
  void pinIs32BytesOfHexColonsOptionalAnyCase() {
    String colons = String.join(":", java.util.Collections.nCopies(32, "aB"));
    assertEquals(List.of(), TlsSettings.pin(colons).validate());
    assertEquals(List.of(), TlsSettings.pin("AB".repeat(32)).validate());
    assertEquals(32, TlsSettings.pin(colons).pinBytes().length);
    for (String bad : List.of("AB".repeat(31), "AB".repeat(33), "G0".repeat(32), "sha256:" + "ab".repeat(32))) {
      List<String> problems = TlsSettings.pin(bad).validate();
      assertEquals(1, problems.size(), bad);
      assertTrue(problems.get(0).startsWith("pin_sha256: must be 64 hex digits"), problems.get(0));
    }
  }

  @Test
  void limitsAndEveryProblemAtOnce() {
    RemoteEndpoint e = new RemoteEndpoint(null, null, null, "A", Path.of("b"), null, 0, Duration.ZERO,
        Duration.ofSeconds(-1), Duration.ZERO, -1, Duration.ZERO, Duration.ofSeconds(-1));
    assertEquals(List.of("url: must be set", "password_env, password_file: give one, not both",
        "max_concurrency: must be at least 1", "connect_timeout: must be more than zero",
        "read_timeout: must be more than zero", "timeout: must be more than zero", "retries: must be 0 or more",
        "login_backoff: must be more than zero", "login_backoff_max: must be at least login_backoff"),
        e.validate());
  }

  @Test
  void aLoginHoldThatDoesNotGrowIsAllowedAndOneThatShrinksIsNot() {
    Duration m = Duration.ofMinutes(1);
    RemoteEndpoint same = new RemoteEndpoint(URI.create("https://bmc"), null, null, null, null, null, null, null, null,
        null, null, m, m);
    assertEquals(List.of(), same.validate()); // max == backoff: every hold 1 min
    RemoteEndpoint shrinking = new RemoteEndpoint(URI.create("https://bmc"), null, null, null, null, null, null, null,
        null, null, null, m, m.minusMillis(1));
    assertEquals(List.of("login_backoff_max: must be at least login_backoff"), shrinking.validate());
    RemoteEndpoint one = at("https://bmc").withLimits(1, Duration.ofSeconds(1), Duration.ofSeconds(1), Duration.ofSeconds(1), 0);
    assertEquals(List.of(), one.validate()); // one request in flight, no retry: the least allowed
  }

  @Test
  void theLoginHoldKeysSurviveResolvingAgainstTheTestbedDirectory() {
    RemoteEndpoint e = new RemoteEndpoint(URI.create("https://bmc"), null, "root", null, Path.of("pw"), null, null, null,
        null, null, null, Duration.ofSeconds(5), Duration.ofSeconds(8)).resolve(Path.of("/etc/headroom"));
    assertEquals(Duration.ofSeconds(5), e.loginBackoff());
    assertEquals(Duration.ofSeconds(8), e.loginBackoffMax());
  }

  @Test
  void relativePathsResolveAgainstTheTestbedDirectory() {
    RemoteEndpoint e = at("https://bmc").withLogin("root", null, Path.of("pw")).withTls(TlsSettings.ca(Path.of("ca.pem")))
        .resolve(Path.of("/etc/headroom"));
    assertEquals(Path.of("/etc/headroom/pw"), e.passwordFile());
    assertEquals(Path.of("/etc/headroom/ca.pem"), e.tls().caFile());
  }
}
