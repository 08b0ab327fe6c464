package io.headroom.collector.ontap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** Which of ONTAP's port speed fields a ceiling comes from (field names as ONTAP's REST reference gives them). */
class NetworkPortsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static JsonNode port(String json) throws Exception {
    return JSON.readTree(json);
  }

  @Test
  void theNegotiatedFcSpeedWinsOverWhatIsConfiguredAndTheMaximum() throws Exception {
    // fabric.connected_speed 16 Gb/s = 1.6e10 b/s, though the port could do 32
    assertEquals(1.6e10, NetworkPorts.fcBitsPerSecond(port(
        "{\"speed\": {\"configured\": \"32\", \"maximum\": \"32\"}, \"fabric\": {\"connected_speed\": 16}}")));
  }

  @Test
  void anFcPortNotLoggedInTakesItsConfiguredSpeedElseItsMaximum() throws Exception {
    // speed.configured "8" = 8e9 b/s
    assertEquals(8e9, NetworkPorts.fcBitsPerSecond(port("{\"speed\": {\"configured\": \"8\", \"maximum\": \"32\"}}")));
    // "auto" is no speed: speed.maximum "32" = 3.2e10 b/s
    assertEquals(3.2e10, NetworkPorts.fcBitsPerSecond(port(
        "{\"speed\": {\"configured\": \"auto\", \"maximum\": \"32\"}, \"fabric\": {\"connected_speed\": 0}}")));
    assertTrue(Double.isNaN(NetworkPorts.fcBitsPerSecond(port("{\"speed\": {\"configured\": \"auto\"}}"))));
  }

  @Test
  void aConfiguredSpeedOfZeroIsNoSpeedAndTheMaximumIsTaken() throws Exception {
    // speed.configured "0" is not a speed: speed.maximum "16" = 1.6e10 b/s; "1", the least that is, = 1e9 b/s
    assertEquals(1.6e10, NetworkPorts.fcBitsPerSecond(port("{\"speed\": {\"configured\": \"0\", \"maximum\": \"16\"}}")));
    assertEquals(1e9, NetworkPorts.fcBitsPerSecond(port("{\"speed\": {\"configured\": \"1\", \"maximum\": \"16\"}}")));
  }

  @Test
  void aSpeedWrittenAsANumberIsReadAsOneAndOneThatIsNoNumberIsNoSpeed() throws Exception {
    // speed.configured 16 (a JSON number, not a string) = 1.6e10 b/s
    assertEquals(1.6e10, NetworkPorts.fcBitsPerSecond(port("{\"speed\": {\"configured\": 16, \"maximum\": \"32\"}}")));
    // "auto" configured and a maximum that is no number: no speed at all, not 0 b/s
    assertTrue(Double.isNaN(NetworkPorts.fcBitsPerSecond(port(
        "{\"speed\": {\"configured\": \"auto\", \"maximum\": \"unknown\"}}"))));
  }

  @Test
  void ethernetSpeedIsInMegabits() throws Exception {
    // speed 25000 Mb/s = 2.5e10 b/s
    assertEquals(2.5e10, NetworkPorts.ethernetBitsPerSecond(port("{\"speed\": 25000}")));
    assertTrue(Double.isNaN(NetworkPorts.ethernetBitsPerSecond(port("{\"name\": \"e0a\"}"))));
  }
}
