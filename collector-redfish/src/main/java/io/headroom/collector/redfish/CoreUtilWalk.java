package io.headroom.collector.redfish;

import com.fasterxml.jackson.databind.JsonNode;
import io.headroom.collector.redfish.Fetcher.Fetched;
import io.headroom.model.Entity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * CPU load where a BMC gives it only per core, as its profile names them
 * ({@link BmcProfile.Sensors#perCore()}): NVIDIA's OpenBMC (GH200) serves a Sensor per Grace core,
 * {@code Chassis/HGX_CPU_<n>/Sensors/..._CoreUtil_<k>} (ReadingType Percent, ReadingUnits "%",
 * 0-100), in each chassis that links a processor. The server's util is then the mean of all the
 * cores' readings / 100. Read only when the platform usage sensor is not offered.
 */
final class CoreUtilWalk {
  private CoreUtilWalk() {}

  static void walk(Fetcher fetcher, Inventory inv, String chassisCollection) {
    Pattern perCore = inv.profile.sensors().perCore();
    if (perCore == null || chassisCollection == null || inv.usage.stream().anyMatch(u -> u.metric() == RedfishMetrics.UTIL)) {
      return;
    }
    Set<String> sensors = new LinkedHashSet<>();
    for (Fetched c : fetcher.getAll(Members.read(fetcher, chassisCollection).links())) {
      if (!c.ok()) {
        continue; // read only to look for core sensors; the chassis the inventory uses reports its own failures
      }
      String collection = Json.link(c.doc().get("Sensors"));
      if (collection == null || Json.links(c.doc().path("Links").get("Processors")).isEmpty()) {
        continue;
      }
      Members.read(fetcher, collection).links().stream().filter(p -> perCore.matcher(p).find()).forEach(sensors::add);
    }
    if (sensors.isEmpty()) {
      return;
    }
    List<String> percent = new ArrayList<>();
    for (Fetched s : fetcher.getAll(List.copyOf(sensors))) {
      if (!s.ok()) {
        inv.problem(s.error());
      } else if ("Percent".equals(Json.text(s.doc().get("ReadingType"))) || "%".equals(Json.text(s.doc().get("ReadingUnits")))) {
        percent.add(s.path());
      }
    }
    if (percent.isEmpty()) {
      return;
    }
    inv.coreUtil.addAll(percent);
    Entity cpu = inv.entities.get(inv.cpuId());
    Map<String, Object> attrs = new LinkedHashMap<>(cpu.attrs());
    attrs.put("util_source", "mean of " + percent.size() + " per-core CoreUtil sensors (Percent) / 100");
    inv.entity(new Entity(cpu.id(), cpu.kind(), cpu.name(), attrs, cpu.capacity()));
  }

  /** The mean of the cores' readings as a fraction, or null when any core has none (a part would mislead). */
  static Double mean(List<JsonNode> docs, BmcProfile.Sensors sensors) {
    double sum = 0;
    for (JsonNode d : docs) {
      Double v = UsageSensor.fraction(d, sensors);
      if (v == null) {
        return null;
      }
      sum += v;
    }
    return docs.isEmpty() ? null : sum / docs.size();
  }
}
