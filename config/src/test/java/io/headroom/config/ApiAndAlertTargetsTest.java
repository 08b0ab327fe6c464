package io.headroom.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The api: section and alerts.targets as a testbed file gives them. */
class ApiAndAlertTargetsTest {
  @TempDir Path dir;

  private Path write(String yaml) throws Exception {
    return Files.writeString(dir.resolve("testbed.yaml"), yaml);
  }

  @Test
  void apiAndTypedAlertTargetsBind() throws Exception {
    TestbedConfig c = TestbedLoader.load(write("""
        testbed: lab
        api: {listen: "0.0.0.0:8080", token_file: token}
        alerts:
          resource_threshold: 0.95
          resource_for: 5m
          targets:
            - {type: generic, url: "https://hooks.example.com/headroom", secret_env: HOOK_SECRET}
            - {type: slack, url: "https://hooks.slack.com/services/T0/B0/x"}
            - {type: alertmanager, url: "https://am.example.com/api/v2/alerts"}
        """), dir);
    assertEquals("0.0.0.0:8080", c.api().listen());
    assertEquals(dir.resolve("token"), c.api().tokenFile());
    assertEquals(ApiConfig.DEFAULT_TOKEN_ENV, c.api().tokenEnv());
    assertEquals(3, c.alerts().targets().size());
    assertEquals(new AlertTarget("generic", URI.create("https://hooks.example.com/headroom"), "HOOK_SECRET"),
        c.alerts().targets().get(0));
    assertEquals("slack:hooks.slack.com", c.alerts().targets().get(1).label());
    assertEquals(0.95, c.alerts().resourceThreshold());
    assertEquals(Duration.ofMinutes(5), c.alerts().resourceFor());
  }

  @Test
  void withoutTheSectionsThereIsNoApiAndTheDocumentedAlertDefaults() throws Exception {
    TestbedConfig c = TestbedLoader.load(write("testbed: lab\n"), dir);
    assertEquals(null, c.api().listen());
    assertEquals(0.9, c.alerts().resourceThreshold());
    assertEquals(Duration.ofMinutes(2), c.alerts().resourceFor());
  }

  @Test
  void everyProblemIsNamedByItsKey() throws Exception {
    ConfigException e = assertThrows(ConfigException.class, () -> TestbedLoader.load(write("""
        testbed: lab
        api: {listen: "8080"}
        alerts:
          resource_threshold: 0
          targets:
            - {type: teams, url: "https://x.example.com/"}
            - {type: generic, url: "http://x.example.com/"}
            - {type: slack, url: "https://hooks.slack.com/x", secret_env: S}
        """), dir));
    assertEquals(dir.resolve("testbed.yaml") + ": "
        + "alerts.targets[0].type: must be one of generic, slack, alertmanager; "
        + "alerts.targets[1].url: is http://, which sends the URL and its token in clear; use https:// or set alerts.plaintext: true; "
        + "alerts.targets[1].secret_env: must name the environment variable with the signing secret; "
        + "alerts.targets[2].secret_env: only generic targets are signed; "
        + "alerts.resource_threshold: must be a share of the ceiling in (0, 1.5], got 0.0; "
        + "api.listen: must be HOST:PORT, got \"8080\"", e.getMessage());
  }
}
