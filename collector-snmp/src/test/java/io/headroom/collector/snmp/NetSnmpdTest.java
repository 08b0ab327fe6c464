package io.headroom.collector.snmp;

import static io.headroom.collector.snmp.Scrapes.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.Source;
import io.headroom.config.ConfigException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** net-snmp's snmpd serving this machine's IF-MIB, read over v2c and over v3 authPriv. */
class NetSnmpdTest {
  @TempDir
  static Path dir;
  private static NetSnmpd snmpd;

  @BeforeAll
  static void start() throws Exception {
    snmpd = NetSnmpd.start(dir);
  }

  @AfterAll
  static void stop() throws Exception {
    if (snmpd != null) {
      snmpd.close();
    }
  }

  /** This machine's Ethernet interfaces (ARPHRD_ETHER, which net-snmp lists as ifType 6), as /sys shows them. */
  private static Set<String> ethernetInterfaces() throws IOException {
    try (Stream<Path> links = Files.list(Path.of("/sys/class/net"))) {
      return links.filter(p -> readType(p).equals("1")).map(p -> p.getFileName().toString())
          .collect(Collectors.toCollection(TreeSet::new));
    }
  }

  private static String readType(Path link) {
    try {
      return Files.readString(link.resolve("type")).trim();
    } catch (IOException e) {
      return "";
    }
  }

  private static Set<String> portNames(Scrape s) {
    return s.entities().stream().filter(e -> e.kind().equals("net_port")).map(e -> e.name())
        .collect(Collectors.toCollection(TreeSet::new));
  }

  @Test
  void v2cReadsThisMachinesEthernetPorts() throws Exception {
    Set<String> before = ethernetInterfaces();
    try (Source source = source("me", settings("agent", snmpd.agent(), "community", NetSnmpd.COMMUNITY))) {
      scrape(source);
      Thread.sleep(1000);
      Scrape s = scrape(source);
      Set<String> stable = new TreeSet<>(before);
      stable.retainAll(ethernetInterfaces()); // interfaces another test adds or removes meanwhile are not ours to judge
      Set<String> ports = portNames(s);
      assertTrue(ports.containsAll(stable), "ports " + ports + " lack some of " + stable);
      assertFalse(ports.contains("lo"), "the loopback is not a port");
      for (String name : stable) {
        Double rx = value(s, "me/port/" + name, "rx_bytes_per_s");
        assertNotNull(rx, name + " has a receive rate on the second scrape");
        assertTrue(rx >= 0, name + " rx " + rx);
      }
      assertEquals(java.util.List.of(), s.problems());
    }
  }

  @ParameterizedTest(name = "{0}: {1} / {2}")
  @CsvSource({"sha256aes128, SHA-256, AES-128", "sha512aes256, SHA-512, AES-256", "sha256aes256c, SHA-256, AES-256-C"})
  void v3AuthPrivReadsTheSamePorts(String user, String auth, String priv) throws Exception {
    Map<String, String> env = Map.of("A", NetSnmpd.AUTH_PASSWORD, "P", NetSnmpd.PRIV_PASSWORD);
    JsonNode v3 = settings("agent", snmpd.agent(), "version", "3", "v3", Map.of("user", user, "auth", auth,
        "auth_password_env", "A", "priv", priv, "priv_password_env", "P"));
    try (Source source = source("me", v3, env::get)) {
      Scrape s = scrape(source);
      Set<String> expected = ethernetInterfaces();
      expected.retainAll(portNames(s));
      assertFalse(expected.isEmpty(), "this machine's Ethernet ports read over v3: " + portNames(s));
      assertEquals(java.util.List.of(), s.problems());
    }
  }

  @Test
  void aWrongV3PasswordIsNamedWithoutShowingIt() throws Exception {
    Map<String, String> env = Map.of("A", "wrong-password-99", "P", NetSnmpd.PRIV_PASSWORD);
    JsonNode v3 = settings("agent", snmpd.agent(), "version", "3", "timeout", "500ms", "v3", Map.of("user", "sha256aes128",
        "auth", "SHA-256", "auth_password_env", "A", "priv", "AES-128", "priv_password_env", "P"));
    try (Source source = source("me", v3, env::get)) {
      // net-snmp reports usmStatsWrongDigests without authentication, and SNMP4J drops such a
      // report: to the source it is an agent that does not answer
      IOException e = assertThrows(IOException.class, () -> scrape(source));
      assertEquals("agent " + snmpd.agent() + " did not answer (500 ms x 2 tries); over v3 a wrong user, protocol"
          + " or password looks the same", e.getMessage());
    }
  }

  @Test
  void anUnknownV3UserIsNamed() throws Exception {
    Map<String, String> env = Map.of("A", NetSnmpd.AUTH_PASSWORD, "P", NetSnmpd.PRIV_PASSWORD);
    JsonNode v3 = settings("agent", snmpd.agent(), "version", "3", "timeout", "500ms", "v3", Map.of("user", "nobody-here",
        "auth", "SHA-256", "auth_password_env", "A", "priv", "AES-128", "priv_password_env", "P"));
    try (Source source = source("me", v3, env::get)) {
      IOException e = assertThrows(IOException.class, () -> scrape(source));
      assertEquals("agent " + snmpd.agent() + " refused the request: usmStatsUnknownUserNames (no such user on the agent)",
          e.getMessage());
    }
  }

  @Test
  void aMissingPasswordVariableIsAConfigError() {
    JsonNode v3 = settings("agent", snmpd.agent(), "version", "3", "v3", Map.of("user", "sha256aes128",
        "auth", "SHA-256", "auth_password_env", "HEADROOM_TEST_UNSET", "priv", "AES-128", "priv_password_env", "P"));
    ConfigException e = assertThrows(ConfigException.class, () -> source("me", v3, name -> null));
    assertEquals("snmp source of me: v3.auth_password_env: environment variable HEADROOM_TEST_UNSET is not set",
        e.getMessage());
  }
}
