package io.headroom.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SettingsBinderTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path BASE = Path.of("/etc/headroom");

  enum Mode { AUTO, SSE, POLL, READ_ONLY }

  record Tls(String pinSha256, Boolean insecure) {
    List<String> validate() {
      return pinSha256 != null && Boolean.TRUE.equals(insecure) ? List.of("pin_sha256 and insecure: choose one") : List.of();
    }
  }

  record Target(URI url, String username, Integer maxConcurrency, Long maxBytes, Double ratio, Boolean plaintext,
      Duration interval, Path caFile, Mode mode, List<String> tags, Map<String, Double> limits, Tls tls, Object label) {
    Target {
      maxConcurrency = maxConcurrency == null ? 2 : maxConcurrency;
    }

    List<String> validate() {
      List<String> problems = new ArrayList<>();
      if (url == null) {
        problems.add("url: required");
      }
      if (maxConcurrency < 1) {
        problems.add("max_concurrency: must be at least 1");
      }
      return problems;
    }
  }

  record Thresholds(double busy, double practical) {}

  private static Target bind(String json) throws Exception {
    return SettingsBinder.bind(JSON.readTree(json.replace('\'', '"')), Target.class, BASE, "redfish source of r1");
  }

  private static String error(String json) {
    return assertThrows(ConfigException.class, () -> bind(json)).getMessage();
  }

  @Test
  void everyTypeBindsFromItsSnakeCaseKey() throws Exception {
    Target t = bind("{'url':'https://bmc-1','username':'root','max_concurrency':4,'max_bytes':17179869184,'ratio':0.5,"
        + "'plaintext':false,'interval':'5s','ca_file':'ca.pem','mode':'Read-Only','tags':['a','b'],"
        + "'limits':{'z':1,'a':2.5},'tls':{'pin_sha256':'AB'},'label':7}");
    assertEquals(URI.create("https://bmc-1"), t.url());
    assertEquals(4, t.maxConcurrency());
    assertEquals(17_179_869_184L, t.maxBytes()); // 16 GiB: beyond an int
    assertEquals(Duration.ofSeconds(5), t.interval());
    assertEquals(Path.of("/etc/headroom/ca.pem"), t.caFile()); // relative to the testbed file's directory
    assertEquals(Mode.READ_ONLY, t.mode());
    assertEquals(List.of("a", "b"), t.tags());
    assertEquals(List.of("z", "a"), List.copyOf(t.limits().keySet())); // order as written
    assertEquals(new Tls("AB", null), t.tls());
    assertEquals(7, t.label());
  }

  @Test
  void absentKeysArriveAsNullAndTheRecordFillsItsDefaults() throws Exception {
    Target t = bind("{'url':'https://bmc-1'}");
    assertEquals(2, t.maxConcurrency());
    assertNull(t.tls());
    assertNull(t.interval());
  }

  @Test
  void everyProblemIsNamedByItsFullKeyAtOnceWithoutEchoingStrings() {
    assertEquals("redfish source of r1: unknown key 'colour' (known: [ca_file, interval, label, limits, max_bytes, "
        + "max_concurrency, mode, plaintext, ratio, tags, tls, url, username]); "
        + "url: not a URL with a scheme and a host (write e.g. https://bmc.example); "
        + "username: must be a string, not 12; "
        + "max_concurrency: must be a whole number, not a string; "
        + "plaintext: must be true or false, not a string; "
        + "interval: \"soon\" is not a duration (write e.g. 500ms, 1s, 5s, 2m, 1h); "
        + "mode: must be one of [auto, sse, poll, read_only], not \"stream\"; "
        + "tags[1]: must be a string, not a mapping; "
        + "limits.a: must be a number, not a string; "
        + "tls.pin_sha256 and insecure: choose one",
        error("{'colour':1,'url':'bmc-1?token=s3cret','username':12,'max_concurrency':'two','plaintext':'yes',"
            + "'interval':'soon','mode':'stream','tags':['a',{'x':1}],'limits':{'a':'lots'},"
            + "'tls':{'pin_sha256':'AB','insecure':true}}"));
    assertFalse(error("{'url':'bmc-1?token=s3cret'}").contains("s3cret"));
  }

  @Test
  void aWholeNumberOutOfRangeAndAFractionAreRefused() {
    // 2^31 = 2147483648 does not fit an Integer; 2.5 is not whole
    assertEquals("redfish source of r1: max_concurrency: must be a whole number, not 2147483648",
        error("{'url':'https://b','max_concurrency':2147483648}"));
    assertEquals("redfish source of r1: max_concurrency: must be a whole number, not 2.5",
        error("{'url':'https://b','max_concurrency':2.5}"));
  }

  @Test
  void theRecordsOwnValidationRunsBesideTypeErrors() {
    // max_concurrency binds (0) and is then refused by validate(); username fails to bind: both reported
    assertEquals("redfish source of r1: username: must be a string, not a list; url: required; max_concurrency: must be at least 1",
        error("{'username':[],'max_concurrency':0}"));
  }

  @Test
  void aSectionThatIsNotAMappingIsRefused() throws Exception {
    JsonNode list = JSON.readTree("[1]");
    ConfigException e = assertThrows(ConfigException.class,
        () -> SettingsBinder.bind(list, Tls.class, BASE, "kafka"));
    assertEquals("kafka: settings: must be a mapping (keys: [insecure, pin_sha256])", e.getMessage());
  }

  @Test
  void primitivesAreRequiredUnlessDefaultsGiveThem() throws Exception {
    assertEquals("detection.thresholds: busy: required; practical: required",
        assertThrows(ConfigException.class, () -> SettingsBinder.bind(MissingNode.getInstance(), Thresholds.class, BASE,
            "detection.thresholds")).getMessage());
    Thresholds t = SettingsBinder.bind(JSON.readTree("{\"busy\":0.8}"), Thresholds.class, new Thresholds(0.9, 0.85), BASE, "t");
    assertEquals(new Thresholds(0.8, 0.85), t);
  }

  @Test
  void snakeCaseOfComponentNames() {
    assertEquals("pin_sha256", SettingsBinder.snake("pinSha256"));
    assertEquals("bytes_per_s", SettingsBinder.snake("bytesPerS"));
    assertEquals("url", SettingsBinder.snake("url"));
  }
}
