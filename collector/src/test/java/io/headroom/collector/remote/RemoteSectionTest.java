package io.headroom.collector.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.headroom.config.ConfigException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A flat section (endpoint keys beside the source's own) splits onto both records, problems at once. */
class RemoteSectionTest {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  /** A source's own keys, as the array sources have them. */
  record Own(Integer depth, String mode) {
    List<String> validate() {
      List<String> p = new ArrayList<>();
      if (depth != null && depth < 1) {
        p.add("depth: must be at least 1");
      }
      return p;
    }
  }

  @Test
  void endpointKeysGoToTheEndpointAndTheRestToTheSourcesRecord() throws Exception {
    RemoteSection<Own> s = RemoteSection.bind(YAML.readTree("""
        url: https://cluster-mgmt
        username: monitor
        password_file: cl.pw
        tls: {ca_file: ontap-ca.pem}
        depth: 4
        mode: fast
        """), Own.class, Path.of("/etc/headroom"), "x source of cl1");
    assertEquals(URI.create("https://cluster-mgmt"), s.endpoint().url());
    assertEquals(Path.of("/etc/headroom/cl.pw"), s.endpoint().passwordFile());
    assertEquals(Path.of("/etc/headroom/ontap-ca.pem"), s.endpoint().tls().caFile());
    assertEquals(new Own(4, "fast"), s.own());
  }

  @Test
  void aRelativeBaseStillGivesPathsThatResolveToTheSameFileAgain() throws Exception {
    Path base = Path.of("cases/a");
    RemoteSection<Own> s = RemoteSection.bind(YAML.readTree("url: https://a\nusername: u\npassword_file: pw\n"),
        Own.class, base, "x source of a");
    // absolute: resolving it against the testbed's directory again (Credentials does) changes nothing
    assertEquals(base.toAbsolutePath().resolve("pw"), base.resolve(s.endpoint().passwordFile()));
  }

  @Test
  void problemsOfBothPartsAreNamedOnceEachWithTheirKeys() {
    ConfigException e = assertThrows(ConfigException.class, () -> RemoteSection.bind(YAML.readTree("""
        url: ftp://array
        retries: -1
        depth: 0
        colour: red
        """), Own.class, Path.of("/etc/headroom"), "x source of a1"));
    assertEquals("x source of a1: url: must start with https:// (or http:// with plaintext: true); "
        + "retries: must be 0 or more; unknown key 'colour' (known: [depth, mode]); depth: must be at least 1", e.getMessage());
  }

  @Test
  void aSectionNamedByNothingStillGivesEachProblemOnce() {
    // The binder's own message is "" + ": " + the problem, its ": " at index 0: cut off like any other prefix.
    ConfigException e = assertThrows(ConfigException.class,
        () -> RemoteSection.bind(YAML.readTree("url: ftp://array\n"), Own.class, Path.of("/etc/headroom"), ""));
    assertEquals(": url: must start with https:// (or http:// with plaintext: true)", e.getMessage());
  }
}
