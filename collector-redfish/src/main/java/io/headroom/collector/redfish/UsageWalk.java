package io.headroom.collector.redfish;

import io.headroom.collector.redfish.Fetcher.Fetched;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds where each of Dell's usage sensors is read: the chassis Sensors collection first (iDRAC9
 * 4.x and later), else the Dell numeric sensors (older firmware). A sensor found in neither is
 * "not offered" (AMD servers have only CPU usage; other vendors have none of them), which is a
 * note, not a problem.
 */
final class UsageWalk {
  private UsageWalk() {}

  /**
   * @param sensors the chassis Sensors collection, or null
   * @param oemSensors where the BMC's profile keeps usage sensors besides the chassis (Dell's
   *     numeric sensors under the system: {@link BmcProfile.Sensors#underSystem()}), else null
   */
  static void walk(Fetcher fetcher, Inventory inv, String sensors, String oemSensors) {
    List<String> first = new ArrayList<>();
    for (UsageSensor.Kind k : UsageSensor.KINDS) {
      first.add(sensors != null ? sensors + "/" + k.sensor() : oemSensors != null ? oemSensors + k.sensor() : null);
    }
    List<Fetched> tried = fetcher.getAll(first.stream().filter(p -> p != null).toList());
    List<String> missing = new ArrayList<>();
    for (int i = 0, t = 0; i < UsageSensor.KINDS.size(); i++) {
      UsageSensor.Kind k = UsageSensor.KINDS.get(i);
      Fetched f = first.get(i) == null ? null : tried.get(t++);
      String path = found(fetcher, inv, f, sensors != null ? oemSensors : null, k);
      if (path != null) {
        inv.usage.add(new UsageSensor(k.sensor(), k.telemetryId(), k.metric(), path));
      } else {
        missing.add(k.sensor());
      }
    }
    if (!missing.isEmpty()) {
      inv.degraded.add(inv.cpuId() + ": not offered: " + String.join(", ", missing)
          + (missing.size() == UsageSensor.KINDS.size() ? " (no platform usage sensors)" : " (AMD platforms report CPU usage only)"));
    }
  }

  /** The path the sensor answers at, trying the profile's OEM sensor when the DMTF one is absent. */
  private static String found(Fetcher fetcher, Inventory inv, Fetched f, String oemSensors, UsageSensor.Kind k) {
    if (f != null && f.ok()) {
      return f.path();
    }
    if (f != null && !f.error().notOffered()) {
      inv.problem(f.error());
      return f.path(); // there, but failed this time: keep polling it
    }
    if (oemSensors == null) {
      return null;
    }
    Fetched oem = fetcher.get(oemSensors + k.sensor());
    if (oem.ok()) {
      return oem.path();
    }
    if (!oem.error().notOffered()) {
      inv.problem(oem.error());
    }
    return null;
  }
}
