package io.headroom.collector.redfish;

import com.fasterxml.jackson.databind.JsonNode;
import io.headroom.model.MetricDef;
import java.util.List;

/**
 * One of Dell's system-board usage sensors and where it is read: the DMTF Sensor
 * ({@code Chassis/<id>/Sensors/SystemBoardCPUUsage}: Reading, ReadingUnits "%") or, on firmware
 * without the Sensors collection, the Dell numeric sensor
 * ({@code Systems/<id>/Oem/Dell/DellNumericSensors/iDRAC.Embedded.1_0x23_SystemBoardCPUUsage}:
 * CurrentReading, ReadingUnits "Percentage").
 *
 * @param telemetryId the same figure's MetricId in the SystemUsage metric report
 */
record UsageSensor(String sensor, String telemetryId, MetricDef metric, String path) {
  /** The four sensors, by Dell's names, with the report's names for the same figures. */
  record Kind(String sensor, String telemetryId, MetricDef metric) {}

  static final List<Kind> KINDS = List.of(
      new Kind("SystemBoardCPUUsage", "CPUUsage", RedfishMetrics.UTIL),
      new Kind("SystemBoardIOUsage", "IOUsage", RedfishMetrics.IO_USAGE),
      new Kind("SystemBoardMEMUsage", "MemoryUsage", RedfishMetrics.MEMORY_USAGE),
      new Kind("SystemBoardSYSUsage", "AggregateUsage", RedfishMetrics.SYSTEM_USAGE));

  /**
   * The reading as a fraction, or null when the sensor has none: a null reading or one of the
   * profile's no-reading values, a state of Unknown, a sensor that is not enabled, or a unit that
   * is not percent. Where the reading, its state and its unit are is the BMC profile's
   * ({@link BmcProfile.Sensors}).
   */
  static Double fraction(JsonNode doc, BmcProfile.Sensors sensors) {
    String state = null;
    for (String p : sensors.states()) {
      state = state != null ? state : Json.text(doc.at(p));
    }
    if ("Unknown".equalsIgnoreCase(state)) {
      return null;
    }
    String enabled = Json.text(doc.path("Status").path("State"));
    if (enabled != null && !enabled.equals("Enabled")) {
      return null;
    }
    String unit = Json.text(doc.path("ReadingUnits"));
    if (unit != null && sensors.percentUnits().stream().noneMatch(unit::equalsIgnoreCase)) {
      return null;
    }
    JsonNode reading = sensors.readings().stream().map(doc::at).filter(n -> !n.isMissingNode()).findFirst().orElse(null);
    Double v = Json.number(reading);
    return v == null || sensors.noReading().contains(v) || v < 0 || v > 100 ? null : v / 100;
  }
}
