package io.headroom.collector.redfish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** Numbers as BMCs write them. */
class JsonTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static Double number(String json) throws Exception {
    return Json.number(JSON.readTree("{\"v\":" + json + "}").get("v"));
  }

  @Test
  void numbersStringsNullsAndTheSentinel() throws Exception {
    assertEquals(42.5, number("42.5"));
    assertEquals(42.5, number("\"42.5\""));   // telemetry MetricValue, and some firmware's counters
    assertNull(number("null"));
    assertNull(number("\"N/A\""));
    assertNull(number("-2147483648"));        // Dell: no reading
    assertEquals(-2147483647.0, number("-2147483647"));
    assertNull(Json.number(null));
    assertNull(Json.counter(JSON.readTree("-1")));
  }
}
