package io.headroom.collector.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.config.ConfigException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CredentialsTest {
  private static final String SECRET = "Zq9!never-print-me";
  @TempDir Path dir;

  private static RemoteEndpoint endpoint(String env, Path file) {
    return RemoteEndpoint.of(URI.create("https://idrac-r750a")).withLogin("root", env, file);
  }

  @Test
  void fromTheEnvironmentThroughTheInjectedLookup() throws Exception {
    Credentials c = Credentials.resolve(endpoint("IDRAC_PASSWORD", null), dir, Map.of("IDRAC_PASSWORD", SECRET)::get);
    assertEquals("root", c.username());
    assertEquals(SECRET, c.password().reveal());
    assertEquals("Basic " + Base64.getEncoder().encodeToString(("root:" + SECRET).getBytes(StandardCharsets.UTF_8)),
        c.basicAuthorization().reveal());
    assertNoSecret(c.toString());
    assertNoSecret(c.password().toString());
    assertNoSecret(c.basicAuthorization().toString());
  }

  @Test
  void fromAFileRelativeToTheTestbedDirectoryOneTrailingNewlineTrimmed() throws Exception {
    Files.writeString(dir.resolve("bmc.pw"), SECRET + "\n");
    Credentials c = Credentials.resolve(endpoint(null, Path.of("bmc.pw")), dir, k -> null);
    assertEquals(SECRET, c.password().reveal());
    Files.writeString(dir.resolve("crlf.pw"), " " + SECRET + " \r\n");
    assertEquals(" " + SECRET + " ", Credentials.resolve(endpoint(null, Path.of("crlf.pw")), dir, k -> null).password().reveal());
  }

  /** Not cached: a file rotated in place is what the next resolve (a source built anew) reads. */
  @Test
  void aRotatedPasswordFileIsReadAgainWhileAResolvedLoginKeepsItsPassword() throws Exception {
    Files.writeString(dir.resolve("bmc.pw"), "first-" + SECRET + "\n");
    Credentials before = Credentials.resolve(endpoint(null, Path.of("bmc.pw")), dir, k -> null);
    Files.writeString(dir.resolve("bmc.pw"), "second-" + SECRET + "\n");
    Credentials after = Credentials.resolve(endpoint(null, Path.of("bmc.pw")), dir, k -> null);
    assertEquals("second-" + SECRET, after.password().reveal());
    assertEquals("first-" + SECRET, before.password().reveal(), "a running source keeps its password");
  }

  @Test
  void aPasswordTooShortToMaskSafelyIsRefusedByWhereItIs() throws Exception {
    ConfigException env = assertThrows(ConfigException.class,
        () -> Credentials.resolve(endpoint("IDRAC_PASSWORD", null), dir, Map.of("IDRAC_PASSWORD", "e")::get));
    assertEquals("password_env: the password in IDRAC_PASSWORD is shorter than 4 characters (for https://idrac-r750a): "
        + "so short a secret cannot be kept out of messages without hiding parts of other words, and is a guess away; "
        + "use a longer one", env.getMessage());
    Files.writeString(dir.resolve("short.pw"), "abc\n");
    ConfigException file = assertThrows(ConfigException.class,
        () -> Credentials.resolve(endpoint(null, Path.of("short.pw")), dir, k -> null));
    assertTrue(file.getMessage().startsWith("password_file: the password in " + dir.resolve("short.pw")
        + " is shorter than 4 characters"), file.getMessage());
    // four is enough (the boundary)
    assertEquals("abcd", Credentials.resolve(endpoint("P", null), dir, Map.of("P", "abcd")::get).password().reveal());
  }

  @Test
  void problemsNameTheVariableOrFileNeverTheValue() throws Exception {
    ConfigException unset = assertThrows(ConfigException.class,
        () -> Credentials.resolve(endpoint("IDRAC_PASSWORD", null), dir, k -> null));
    assertTrue(unset.getMessage().contains("IDRAC_PASSWORD") && unset.getMessage().contains("not set"), unset.getMessage());

    ConfigException missing = assertThrows(ConfigException.class,
        () -> Credentials.resolve(endpoint(null, Path.of("absent.pw")), dir, k -> null));
    assertTrue(missing.getMessage().contains(dir.resolve("absent.pw").toString()), missing.getMessage());

    Files.writeString(dir.resolve("empty.pw"), "\n");
    ConfigException empty = assertThrows(ConfigException.class,
        () -> Credentials.resolve(endpoint(null, Path.of("empty.pw")), dir, k -> SECRET));
    assertTrue(empty.getMessage().contains("empty"), empty.getMessage());

    for (ConfigException e : List.of(unset, missing, empty)) {
      assertNoSecret(e.getMessage());
    }
  }

  @Test
  void noLoginWhenNoneIsConfigured() throws Exception {
    Credentials c = Credentials.resolve(RemoteEndpoint.of(URI.create("https://a")), dir, k -> SECRET);
    assertNull(c.password());
    assertEquals("", c.redaction().redact(""));
  }

  @Test
  void noRecordPrintsTheSecret() throws Exception {
    Credentials c = Credentials.resolve(endpoint("PW", null), dir, k -> SECRET);
    RemoteEndpoint e = endpoint("PW", null).withTls(TlsSettings.pin("ab".repeat(32)));
    assertNoSecret(c.toString());
    assertNoSecret(e.toString());
    assertNoSecret(e.tls().toString());
    assertNoSecret(RemoteRequest.get("/x").withHeader("Authorization", c.basicAuthorization().reveal()).toString());
    assertEquals("login *** and ***", c.redaction().redact("login " + SECRET + " and "
        + c.basicAuthorization().reveal().substring("Basic ".length())));
  }

  private static void assertNoSecret(String text) {
    assertFalse(text.contains(SECRET), text);
    assertFalse(text.contains(Base64.getEncoder().encodeToString(("root:" + SECRET).getBytes(StandardCharsets.UTF_8))), text);
  }

  @Test
  void aUserNameWithoutAPasswordIsKeptAndTheSecretPrintsMasked() throws Exception {
    Credentials c = Credentials.resolve(RemoteEndpoint.of(URI.create("https://a")).withLogin("monitor", null, null), dir,
        k -> SECRET);
    assertEquals(new Credentials("monitor", null), c);
    assertEquals("***", Secret.of(SECRET).toString());
    assertEquals("Credentials[username=root, password=***]", new Credentials("root", Secret.of(SECRET)).toString());
  }

  @Test
  void withoutALookupThePasswordEnvIsTheProcessEnvironment() throws Exception {
    // A variable no environment of this project sets.
    ConfigException unset = assertThrows(ConfigException.class,
        () -> Credentials.resolve(endpoint("HEADROOM_CREDENTIALS_TEST_UNSET", null), dir));
    assertEquals("password_env: environment variable HEADROOM_CREDENTIALS_TEST_UNSET is not set (for https://idrac-r750a)",
        unset.getMessage());
    // and what it resolves is returned as with a lookup: here a user name alone, no environment read
    assertEquals(new Credentials("monitor", null),
        Credentials.resolve(RemoteEndpoint.of(URI.create("https://a")).withLogin("monitor", null, null), dir));
  }
}
