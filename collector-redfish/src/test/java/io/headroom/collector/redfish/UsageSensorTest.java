package io.headroom.collector.redfish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** A usage sensor's document into a fraction: 0 and 100 % are readings, anything outside or unsure is not. */
class UsageSensorTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static Double fraction(String json) throws Exception {
    return UsageSensor.fraction(JSON.readTree(json));
  }

  @Test
  void theEndsOfThePercentScaleAreReadingsAndBeyondThemNot() throws Exception {
    assertEquals(0.0, fraction("{\"Reading\":0,\"ReadingUnits\":\"%\"}"));
    assertEquals(1.0, fraction("{\"Reading\":100,\"ReadingUnits\":\"%\"}")); // 100 / 100
    assertNull(fraction("{\"Reading\":100.5,\"ReadingUnits\":\"%\"}"));
    assertNull(fraction("{\"Reading\":-0.5,\"ReadingUnits\":\"%\"}"));
  }

  @Test
  void percentUnderAnyOfItsNamesAndNoUnitAreRead() throws Exception {
    assertEquals(0.37, fraction("{\"Reading\":37,\"ReadingUnits\":\"%\"}"));
    assertEquals(0.37, fraction("{\"CurrentReading\":37,\"ReadingUnits\":\"percentage\"}"));
    assertEquals(0.37, fraction("{\"Reading\":37,\"ReadingUnits\":\"PERCENT\"}"));
    assertEquals(0.37, fraction("{\"Reading\":37}"));
    assertNull(fraction("{\"Reading\":37,\"ReadingUnits\":\"Cel\"}"));
  }

  @Test
  void aDisabledSensorOrAnUnknownStateHasNoReading() throws Exception {
    assertNull(fraction("{\"Reading\":37,\"Status\":{\"State\":\"Disabled\"}}"));
    assertEquals(0.37, fraction("{\"Reading\":37,\"Status\":{\"State\":\"Enabled\"}}"));
    assertNull(fraction("{\"CurrentReading\":37,\"CurrentState\":\"unknown\"}"));   // Dell numeric sensor
    assertNull(fraction("{\"Reading\":37,\"Oem\":{\"Dell\":{\"CurrentState\":\"Unknown\"}}}"));
    // Dell's OEM state is read first: Normal there, whatever the top level says
    assertEquals(0.37, fraction("{\"Reading\":37,\"CurrentState\":\"Unknown\",\"Oem\":{\"Dell\":{\"CurrentState\":\"Normal\"}}}"));
  }

  @Test
  void aNullReadingIsAbsentEvenBesideACurrentReading() throws Exception {
    assertNull(fraction("{\"Reading\":null,\"CurrentReading\":37}"));
    assertEquals(0.55, fraction("{\"CurrentReading\":\"55\"}"));
  }
}
