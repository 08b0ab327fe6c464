package io.headroom.collector.redfish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** A usage sensor's document into a fraction: 0 and 100 % are readings, anything outside or unsure is not. */
class UsageSensorTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static Double fraction(String json) throws Exception {
    return UsageSensor.fraction(JSON.readTree(json), BmcProfile.Sensors.DMTF);
  }

  /** As iDRAC9's profile reads it: the DMTF Sensor with Oem.Dell.CurrentState, or the DellNumericSensor. */
  private static Double dell(String json) throws Exception {
    return UsageSensor.fraction(JSON.readTree(json), BmcProfile.DELL_SENSORS);
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
    assertEquals(0.37, dell("{\"CurrentReading\":37,\"ReadingUnits\":\"percentage\"}"));
    // the DMTF Sensor has no CurrentReading and no unit "Percentage": only Dell's numeric sensor does
    assertNull(fraction("{\"CurrentReading\":37,\"ReadingUnits\":\"%\"}"));
    assertNull(fraction("{\"Reading\":37,\"ReadingUnits\":\"Percentage\"}"));
    assertEquals(0.37, fraction("{\"Reading\":37,\"ReadingUnits\":\"PERCENT\"}"));
    assertEquals(0.37, fraction("{\"Reading\":37}"));
    assertNull(fraction("{\"Reading\":37,\"ReadingUnits\":\"Cel\"}"));
  }

  @Test
  void aDisabledSensorOrAnUnknownStateHasNoReading() throws Exception {
    assertNull(fraction("{\"Reading\":37,\"Status\":{\"State\":\"Disabled\"}}"));
    assertEquals(0.37, fraction("{\"Reading\":37,\"Status\":{\"State\":\"Enabled\"}}"));
    assertNull(dell("{\"CurrentReading\":37,\"CurrentState\":\"unknown\"}"));   // Dell numeric sensor
    assertNull(dell("{\"Reading\":37,\"Oem\":{\"Dell\":{\"CurrentState\":\"Unknown\"}}}"));
    // Dell's OEM state is read first: Normal there, whatever the top level says
    assertEquals(0.37, dell("{\"Reading\":37,\"CurrentState\":\"Unknown\",\"Oem\":{\"Dell\":{\"CurrentState\":\"Normal\"}}}"));
    // a service of another profile is not read by Dell's OEM state
    assertEquals(0.37, fraction("{\"Reading\":37,\"Oem\":{\"Dell\":{\"CurrentState\":\"Unknown\"}}}"));
  }

  @Test
  void aNullReadingIsAbsentEvenBesideACurrentReading() throws Exception {
    assertNull(dell("{\"Reading\":null,\"CurrentReading\":37}"));
    assertEquals(0.55, dell("{\"CurrentReading\":\"55\"}"));
  }
}
