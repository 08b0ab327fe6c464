package io.headroom.collector.redfish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Numbers, counters, text and links as BMCs write them. */
class JsonTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static JsonNode v(String json) throws Exception {
    return JSON.readTree("{\"v\":" + json + "}").get("v");
  }

  private static Double number(String json) throws Exception {
    return Json.number(v(json));
  }

  @Test
  void numbersStringsNullsAndTheSentinel() throws Exception {
    assertEquals(42.5, number("42.5"));
    assertEquals(42.5, number("\"42.5\""));   // telemetry MetricValue, and some firmware's counters
    assertEquals(42.0, number("\" 42 \""));   // padded text is trimmed
    assertNull(number("null"));
    assertNull(number("\"N/A\""));
    assertNull(number("\"NaN\""));            // parses, but is never a reading
    assertNull(number("\"Infinity\""));
    assertNull(number("true"));
    // a vendor's "no reading" sentinel is its profile's to say (BmcProfile.Sensors.noReading), not Json's
    assertEquals(-2147483648.0, number("-2147483648"));
    assertNull(Json.number(null));
    assertNull(Json.number(JSON.createObjectNode().path("absent")));
  }

  @Test
  void countersAreWholeAndNotNegative() throws Exception {
    assertEquals(0L, Json.counter(v("0")));   // the least counter: zero is a reading
    assertEquals(12L, Json.counter(v("12.9"))); // whole: the fraction is dropped
    assertNull(Json.counter(v("-1")));
    assertNull(Json.counter(v("null")));
  }

  @Test
  void textIsTrimmedAndEmptyIsAbsent() throws Exception {
    assertEquals("Gen4", Json.text(v("\" Gen4 \"")));
    assertEquals("16", Json.text(v("16")));   // a value of another type, as text
    assertNull(Json.text(v("\"\"")));
    assertNull(Json.text(v("\"   \"")));
    assertNull(Json.text(v("null")));
    assertNull(Json.text(v("{\"a\":1}")));    // an object is not text
    assertNull(Json.text(null));
    assertNull(Json.text(JSON.createObjectNode().path("absent")));
  }

  @Test
  void linksAreTheOdataIdsOfTheirMembers() throws Exception {
    assertEquals("/redfish/v1/Systems", Json.link(v("{\"@odata.id\":\"/redfish/v1/Systems\"}")));
    assertNull(Json.link(null));
    assertNull(Json.link(v("{}")));
    // a member without an id is left out, not an empty path
    assertEquals(List.of("/a/1", "/a/3"), Json.links(v("[{\"@odata.id\":\"/a/1\"},{},{\"@odata.id\":\"/a/3\"}]")));
    assertEquals(List.of(), Json.links(v("{\"@odata.id\":\"/a/1\"}"))); // not an array
    assertEquals(List.of(), Json.links(null));
  }

  @Test
  void theLastSegmentOfAPathWithOrWithoutItsTrailingSlash() {
    assertEquals("CPU.Socket.1", Json.lastSegment("/redfish/v1/Systems/System.Embedded.1/Processors/CPU.Socket.1"));
    assertEquals("CPU.Socket.1", Json.lastSegment("/redfish/v1/Systems/System.Embedded.1/Processors/CPU.Socket.1/"));
    assertEquals("23-0", Json.lastSegment("23-0"));
  }

  @Test
  void aLinkIsOneResourceWithOrWithoutItsTrailingSlash() throws Exception {
    // iLO 5 2.55 lists .../NetworkPorts/1/ in the collection and .../NetworkPorts/1 in the controller's Links
    assertEquals(List.of("/redfish/v1/Chassis/1/NetworkAdapters/A/NetworkPorts/1", "/redfish/v1/Chassis/1/NetworkAdapters/A/NetworkPorts/1"),
        Json.links(JSON.readTree("[{\"@odata.id\":\"/redfish/v1/Chassis/1/NetworkAdapters/A/NetworkPorts/1/\"},"
            + "{\"@odata.id\":\"/redfish/v1/Chassis/1/NetworkAdapters/A/NetworkPorts/1\"}]")));
    assertEquals("/", Json.link(JSON.readTree("{\"@odata.id\":\"/\"}"))); // the one slash is the path itself
  }
}
