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
        api: {listen: "0.0.0.0:8080", token_file: token, grafana_url: "https://grafana.example.com"}
        alerts:
          resource_threshold: 0.95
          resource_for: 5m
          hold_for: 10s
          targets:
            - {type: generic, url: "https://hooks.example.com/headroom", secret_env: HOOK_SECRET}
            - {type: slack, url: "https://hooks.slack.com/services/T0/B0/x"}
            - {type: alertmanager, url: "https://am.example.com:9093"}
            - {type: alertmanager, url: "https://am2.example.com:9093", resend_every: 1s}
            - {type: pagerduty, routing_key_env: PD_KEY}
            - {type: teams, url: "https://prod-01.westeurope.logic.azure.com/workflows/abc/triggers/manual/paths/invoke?sig=x"}
          report_url: "https://headroom.example.com:8080/"
        """), dir);
    assertEquals("0.0.0.0:8080", c.api().listen());
    assertEquals(dir.resolve("token"), c.api().tokenFile());
    assertEquals(ApiConfig.DEFAULT_TOKEN_ENV, c.api().tokenEnv());
    assertEquals(URI.create("https://grafana.example.com"), c.api().grafanaUrl());
    assertEquals(6, c.alerts().targets().size());
    assertEquals(new AlertTarget("generic", URI.create("https://hooks.example.com/headroom"), "HOOK_SECRET"),
        c.alerts().targets().get(0));
    assertEquals("slack:hooks.slack.com", c.alerts().targets().get(1).label());
    // alertmanager re-sends every minute unless told; pagerduty posts to PagerDuty's Events API
    assertEquals(java.time.Duration.ofMinutes(1), c.alerts().targets().get(2).resendEvery());
    assertEquals(java.time.Duration.ofSeconds(1), c.alerts().targets().get(3).resendEvery()); // the least allowed
    assertEquals(new AlertTarget("pagerduty", URI.create("https://events.pagerduty.com/v2/enqueue"), null, "PD_KEY", null),
        c.alerts().targets().get(4));
    assertEquals("teams:prod-01.westeurope.logic.azure.com", c.alerts().targets().get(5).label(), "never the sig");
    // the trailing slash of report_url is not doubled; the run and testbed are URL-encoded
    assertEquals(URI.create("https://headroom.example.com:8080/runs/s5%20b?testbed=lab"), c.alerts().reportOf("lab", "s5 b"));
    assertEquals(0.95, c.alerts().resourceThreshold());
    assertEquals(Duration.ofMinutes(5), c.alerts().resourceFor());
    assertEquals(Duration.ofSeconds(10), c.alerts().holdFor());
  }

  @Test
  void withoutTheSectionsThereIsNoApiAndTheDocumentedAlertDefaults() throws Exception {
    TestbedConfig c = TestbedLoader.load(write("testbed: lab\n"), dir);
    assertEquals(null, c.api().listen());
    assertEquals(0.9, c.alerts().resourceThreshold());
    assertEquals(Duration.ofMinutes(2), c.alerts().resourceFor());
    assertEquals(Duration.ofSeconds(5), c.alerts().holdFor());
  }

  @Test
  void everyProblemIsNamedByItsKey() throws Exception {
    ConfigException e = assertThrows(ConfigException.class, () -> TestbedLoader.load(write("""
        testbed: lab
        api: {listen: "8080"}
        alerts:
          resource_threshold: 0
          targets:
            - {type: opsgenie, url: "https://x.example.com/"}
            - {type: generic, url: "http://x.example.com/"}
            - {type: slack, url: "https://hooks.slack.com/x", secret_env: S}
            - {type: pagerduty}
            - {type: teams, url: "https://t.example.com/", routing_key_env: K, resend_every: 1m}
            - {type: alertmanager, url: "https://am.example.com/", resend_every: 999ms}
          report_url: "https://h.example.com/?token=x"
        """), dir));
    assertEquals(dir.resolve("testbed.yaml") + ": "
        + "alerts.targets[0].type: must be one of generic, slack, alertmanager, alertmanager_webhook, pagerduty, teams; "
        + "alerts.targets[1].url: is http://, which sends the URL and its token in clear; use https:// or set alerts.plaintext: true; "
        + "alerts.targets[1].secret_env: must name the environment variable with the signing secret; "
        + "alerts.targets[2].secret_env: only generic targets are signed; "
        + "alerts.targets[3].routing_key_env: must name the environment variable with the integration's routing key; "
        + "alerts.targets[4].routing_key_env: only pagerduty targets have a routing key; "
        + "alerts.targets[4].resend_every: only alertmanager targets re-send firing alerts; "
        // 1 s is the least (the boundary): 999 ms is refused
        + "alerts.targets[5].resend_every: must be at least 1s, got 999ms; "
        + "alerts.resource_threshold: must be a share of the ceiling in (0, 1.5], got 0.0; "
        + "alerts.report_url: must be an http(s) URL with a host and no query; "
        + "api.listen: must be HOST:PORT, got \"8080\"", e.getMessage());
  }
}
