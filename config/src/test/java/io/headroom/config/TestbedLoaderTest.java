package io.headroom.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.headroom.config.ConfigException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestbedLoaderTest {
  @TempDir Path dir;

  private Path write(String yaml) throws Exception {
    Path f = dir.resolve("testbed.yaml");
    Files.writeString(f, yaml);
    return f;
  }

  @Test
  void bindsEveryKeyAndKeepsSourceSettingsForTheSource() throws Exception {
    Path f = write("""
        testbed: lab
        kafka: {bootstrap: "k1:9092,k2:9092", topic_prefix: "hr."}
        database: {url: "jdbc:postgresql://db:5432/headroom", user: headroom}
        spool: {dir: spool, max_bytes: 1048576, segment_bytes: 65536}
        alerts: {webhooks: ["https://hooks.example.com/headroom?token=abc"]}
        sources:
          - type: host
            host: h1
            interval: 500ms
            proc_root: fixtures/proc
        """);
    TestbedConfig c = TestbedLoader.load(f, dir.resolve("default-spool"));
    assertEquals("lab", c.testbed());
    assertEquals("k1:9092,k2:9092", c.kafka().bootstrap());
    assertEquals("hr.", c.kafka().topicPrefix());
    assertEquals("jdbc:postgresql://db:5432/headroom", c.database().url());
    assertEquals(new SpoolConfig(dir.resolve("spool"), 1048576, 65536), c.spool());
    assertEquals(java.util.List.of(java.net.URI.create("https://hooks.example.com/headroom?token=abc")), c.alerts().webhooks());
    assertEquals(1, c.sources().size());
    SourceConfig s = c.sources().get(0);
    assertEquals("host", s.type());
    assertEquals("h1", s.host());
    assertEquals(Duration.ofMillis(500), s.interval());
    assertEquals("{\"proc_root\":\"fixtures/proc\"}", s.settings().toString());
  }

  @Test
  void theDetectionSectionsThresholdsAndOnsetsArePassedOnAsWritten() throws Exception {
    TestbedConfig c = TestbedLoader.load(write("""
        testbed: lab
        detection:
          thresholds: {cpu_busy: 0.8}
          onsets: {recent_window_s: 10}
          compare: {noise_floor: 2.5%}
        sources: []
        """), dir);
    assertEquals("{\"cpu_busy\":0.8}", c.thresholds().toString());
    assertEquals("{\"recent_window_s\":10}", c.onsets().toString());
    assertEquals("{\"noise_floor\":\"2.5%\"}", c.compare().toString(), "checked by `headroom compare`, which reads it");
    TestbedConfig none = TestbedLoader.load(write("testbed: lab\nsources: []\n"), dir);
    assertEquals(true, none.onsets().isMissingNode(), "no detection section: the analyzer's defaults");
    assertEquals(true, none.compare().isMissingNode());
  }

  @Test
  void absentKafkaAndDatabaseMeanEmbedded() throws Exception {
    TestbedConfig c = TestbedLoader.load(write("testbed: lab\nsources: []\n"), dir);
    assertEquals(true, c.kafka().embedded());
    assertEquals(true, c.database().embedded());
    assertEquals(dir, c.spool().dir());
  }

  @Test
  void everyProblemIsNamedWithFileAndKey() throws Exception {
    Path f = write("""
        testbed: "a|b"
        kafka: {bootstrap: "no-port"}
        database: {url: "jdbc:postgresql://db/x?password=hunter2"}
        sources:
          - type: host
            host: "h/1"
            interval: 10ms
        """);
    ConfigException e = assertThrows(ConfigException.class, () -> TestbedLoader.load(f, dir));
    assertEquals(f + ": kafka.bootstrap: \"no-port\" is not host:port[,host:port...]; "
        + "database.url: must not hold a password; name an environment variable in database.password_env; "
        + "testbed: must not contain '|' (it separates key parts on Kafka); "
        + "sources[0].host: must name the host without '/' or '|' (it starts every entity id); "
        + "sources[0].interval: must be at least 100ms", e.getMessage());
    assertFalse(e.getMessage().contains("hunter2"), "the message names the key, never the secret");
  }

  @Test
  void aWebhookThatIsNotAUrlIsNamedByPositionNotByItsText() throws Exception {
    Path f = write("testbed: lab\nalerts: {webhooks: [\"https://ok.example.com/h\", \"ftp://x/y?token=s3cret\", \"http://a b\"]}\n");
    ConfigException e = assertThrows(ConfigException.class, () -> TestbedLoader.load(f, dir));
    assertEquals(f + ": alerts.webhooks[2]: not a URL (Illegal character in authority)", e.getMessage());
    Path g = write("testbed: lab\nalerts: {webhooks: [\"ftp://x/y?token=s3cret\"]}\n");
    ConfigException e2 = assertThrows(ConfigException.class, () -> TestbedLoader.load(g, dir));
    assertEquals(g + ": alerts.webhooks[0]: must be an http(s) URL with a host", e2.getMessage());
  }

  /**
   * Issue 48: https://127.0.0.1:99999/x started without a word (java.net.URI takes any digits as a
   * port) and failed at the first alert. 65535 is the last port; 65536 and 0 are refused, as are a
   * URL with no host and one without a host of its own (mailto:); each named by key and position.
   */
  @Test
  void aWebhookWithAPortOutOfRangeOrNoHostIsRefusedNamingTheKey() throws Exception {
    assertEquals(1, TestbedLoader.load(write("testbed: lab\nalerts: {webhooks: [\"https://127.0.0.1:65535/x\"]}\n"), dir)
        .alerts().webhooks().size());
    Path f = write("testbed: lab\nalerts: {webhooks: [\"https://127.0.0.1:99999/x\", \"https://127.0.0.1:65536/x\","
        + " \"https://127.0.0.1:0/x\"]}\n");
    ConfigException e = assertThrows(ConfigException.class, () -> TestbedLoader.load(f, dir));
    assertEquals(f + ": alerts.webhooks[0]: port 99999 is out of range (1-65535); "
        + "alerts.webhooks[1]: port 65536 is out of range (1-65535); "
        + "alerts.webhooks[2]: port 0 is out of range (1-65535)", e.getMessage());
    // no host, or no http(s) scheme: refused as the file is bound, before validate()
    Path g = write("testbed: lab\nalerts: {webhooks: [\"https:///x\", \"mailto:ops@example.com\"]}\n");
    assertEquals(g + ": alerts.webhooks[0]: not a URL with a scheme and a host (write e.g. https://bmc.example); "
        + "alerts.webhooks[1]: not a URL with a scheme and a host (write e.g. https://bmc.example)",
        assertThrows(ConfigException.class, () -> TestbedLoader.load(g, dir)).getMessage());
  }

  @Test
  void kafkaTlsAndSaslBindAndSaslWithoutTlsIsRefused() throws Exception {
    Files.writeString(dir.resolve("ca.pem"), "-----BEGIN CERTIFICATE-----\n");
    TestbedConfig c = TestbedLoader.load(write("testbed: lab\nkafka:\n  bootstrap: k1:9093\n  tls: {ca_file: ca.pem}\n"
        + "  sasl: {mechanism: SCRAM-SHA-256, username: hr, password_env: HOME}\n"), dir);
    assertEquals(dir.resolve("ca.pem"), c.kafka().tls().caFile());
    assertEquals("SASL_SSL", c.kafka().client("k1:9093").properties().get("security.protocol"));
    ConfigException e = assertThrows(ConfigException.class, () -> TestbedLoader.load(write(
        "testbed: lab\nkafka:\n  bootstrap: k1:9092\n  sasl: {mechanism: GSSAPI, username: hr, password_env: HEADROOM_NO_SUCH_VARIABLE}\n"), dir));
    assertEquals(dir.resolve("testbed.yaml") + ": kafka.sasl: needs kafka.tls (a password must not cross the network in clear); "
        + "kafka.sasl.mechanism: must be one of [PLAIN, SCRAM-SHA-256, SCRAM-SHA-512]; "
        + "kafka.sasl.password_env: must name a set environment variable holding the password", e.getMessage());
  }

  @Test
  void unknownKeysAndBadDurationsAreRefused() throws Exception {
    ConfigException unknown = assertThrows(ConfigException.class,
        () -> TestbedLoader.load(write("testbed: lab\nkafka: {bootstrap_servers: x}\n"), dir));
    assertEquals(dir.resolve("testbed.yaml") + ": kafka: unknown key 'bootstrap_servers' (known: ",
        unknown.getMessage().substring(0, unknown.getMessage().indexOf("(known: ") + 8));
    ConfigException duration = assertThrows(ConfigException.class,
        () -> TestbedLoader.load(write("testbed: lab\nsources: [{type: host, host: h1, interval: soon}]\n"), dir));
    assertEquals(dir.resolve("testbed.yaml") + ": sources[0].interval: \"soon\" is not a duration (write e.g. 500ms, 1s, 5s, 2m, 1h)",
        duration.getMessage());
  }

  @Test
  void aMisspeltCommonSourceKeyIsNamedWithTheKeyItWasMeantToBe() throws Exception {
    Path f = write("testbed: lab\nsources:\n  - {type: host, hots: h1}\n  - {type: host, host: h2, intervall: 5s}\n");
    ConfigException e = assertThrows(ConfigException.class, () -> TestbedLoader.load(f, dir));
    // hots is host with s and t swapped (1 edit); intervall is interval with one l more (1 edit)
    assertEquals(f + ": sources[0]: unknown key 'hots'; did you mean 'host'?; "
        + "sources[1]: unknown key 'intervall'; did you mean 'interval'?", e.getMessage());
  }

  @Test
  void aMissingRequiredSourceKeyIsNamedAsMissing() throws Exception {
    Path f = write("testbed: lab\nsources:\n  - {interval: 5s}\n");
    ConfigException e = assertThrows(ConfigException.class, () -> TestbedLoader.load(f, dir));
    assertEquals(f + ": sources[0].type: missing; every source names its type (host, fio, ...); "
        + "sources[0].host: missing; every source names its host (it starts every entity id)", e.getMessage());
  }

  @Test
  void aMissingTestbedFileIsNamedWithNoSuchFile() {
    Path missing = dir.resolve("absent.yaml");
    ConfigException e = assertThrows(ConfigException.class, () -> TestbedLoader.load(missing, dir));
    assertEquals(missing + ": no such file", e.getMessage());
  }

  @Test
  void theCollectorsWorkerPoolIsATestbedKeyBoundedAtBothEnds() throws Exception {
    assertEquals(CollectorConfig.DEFAULT_MAX_WORKERS,
        TestbedLoader.load(write("testbed: lab\n"), dir).collector().maxWorkers(), "absent: the default, 64");
    // 1,000 BMCs x 1.8 s a scrape / 10 s interval = 180 workers, as docs/configuration.md says
    assertEquals(180, TestbedLoader.load(write("testbed: lab\ncollector: {max_workers: 180}\n"), dir).collector().maxWorkers());
    assertEquals(1, TestbedLoader.load(write("testbed: lab\ncollector: {max_workers: 1}\n"), dir).collector().maxWorkers());
    assertEquals(4096, TestbedLoader.load(write("testbed: lab\ncollector: {max_workers: 4096}\n"), dir).collector().maxWorkers());
    assertEquals(dir.resolve("testbed.yaml") + ": collector.max_workers: must be 1 to 4096, was 0",
        refusal("testbed: lab\ncollector: {max_workers: 0}\n"));
    assertEquals(dir.resolve("testbed.yaml") + ": collector.max_workers: must be 1 to 4096, was 4097",
        refusal("testbed: lab\ncollector: {max_workers: 4097}\n"));
  }

  @Test
  void aSectionOfTheWrongTypeIsAnErrorNotTheEmbeddedDefault() throws Exception {
    // each of these was once read as "absent", so kafka: "broker1:9092" meant the embedded broker
    assertEquals(dir.resolve("testbed.yaml") + ": kafka: must be a mapping (keys: [bootstrap, sasl, tls, topic_prefix])",
        refusal("testbed: lab\nkafka: \"broker1:9092\"\n"));
    assertEquals(dir.resolve("testbed.yaml") + ": alerts.webhooks: must be a list, not a string",
        refusal("testbed: lab\nalerts: {webhooks: \"https://hooks.example.com/h\"}\n"));
    assertEquals(dir.resolve("testbed.yaml") + ": alerts: must be a mapping (keys: [hold_for, plaintext, report_url, resource_for, resource_threshold, targets, webhooks])",
        refusal("testbed: lab\nalerts: [\"https://hooks.example.com/h\"]\n"));
    assertEquals(dir.resolve("testbed.yaml") + ": spool.max_bytes: must be a whole number, not a string",
        refusal("testbed: lab\nspool: {max_bytes: lots}\n"));
    assertEquals(dir.resolve("testbed.yaml") + ": sources[0].host: must be a string, not a list; sources: must be a list, not a mapping",
        refusal("testbed: lab\nsources: [{type: host, host: [a]}]\n") + "; " + refusal("testbed: lab\nsources: {type: host}\n")
            .substring(dir.resolve("testbed.yaml").toString().length() + 2));
  }

  @Test
  void aSectionWrittenInPartKeepsTheDefaultsOfTheKeysItLeavesOut() throws Exception {
    TestbedConfig c = TestbedLoader.load(write("testbed: lab\nkafka: {bootstrap: \"k1:9092\"}\nspool: {max_bytes: 16777216}\n"),
        dir.resolve("default-spool"));
    assertEquals("headroom.", c.kafka().topicPrefix());
    assertEquals(new SpoolConfig(dir.resolve("default-spool"), 16L << 20, SpoolConfig.DEFAULT_SEGMENT_BYTES), c.spool());
  }

  @Test
  void aPlainHttpWebhookNeedsAnExplicitYesAndNoUrlMayCarryCredentials() throws Exception {
    assertEquals(dir.resolve("testbed.yaml") + ": alerts.webhooks[0]: is http://, which sends the URL and its token in "
            + "clear; use https:// or set alerts.plaintext: true",
        refusal("testbed: lab\nalerts: {webhooks: [\"http://hooks.example.com/h?token=s3cret\"]}\n"));
    TestbedConfig plain = TestbedLoader.load(
        write("testbed: lab\nalerts: {plaintext: true, webhooks: [\"http://hooks.example.com/h\"]}\n"), dir);
    assertEquals(java.util.List.of(java.net.URI.create("http://hooks.example.com/h")), plain.alerts().webhooks());
    String creds = refusal("testbed: lab\nalerts: {webhooks: [\"https://bot:s3cret@hooks.example.com/h\"]}\n"
        + "database: {url: \"jdbc:postgresql://hr:s3cret@db:5432/headroom\"}\n");
    assertEquals(dir.resolve("testbed.yaml") + ": database.url: must not hold credentials (user:password@); set "
        + "database.user and database.password_env; alerts.webhooks[0]: must not hold credentials (user:password@ in the URL)", creds);
  }

  private String refusal(String yaml) throws Exception {
    Path f = write(yaml);
    ConfigException e = assertThrows(ConfigException.class, () -> TestbedLoader.load(f, dir));
    assertFalse(e.getMessage().contains("s3cret"), "the message names the key, never the secret");
    return e.getMessage();
  }

  @Test
  void aTestbedOrHostNameTheDatabaseCannotStoreIsRefused() throws Exception {
    // "\0" in YAML is a NUL: PostgreSQL text cannot hold it, and both names start every key
    String message = refusal("testbed: \"lab\\0\"\nsources: [{type: host, host: \"h\\01\"}]\n");
    assertEquals(dir.resolve("testbed.yaml") + ": testbed: contains a NUL character (U+0000) at index 3, which "
        + "PostgreSQL cannot store; sources[0].host: contains a NUL character (U+0000) at index 1, which PostgreSQL "
        + "cannot store", message);
  }
}
