package io.headroom.collector.snmp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.collector.source.Scrape;
import io.headroom.model.Entity;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** hrProcessorLoad into one CPU entity: the mean and the busiest, from whole percents. */
class HostCpusTest {
  @Test
  void meanAndBusiestOfTheProcessorsAsFractions() {
    Scrape s = new Scrape(7);
    IntTable loads = Walks.of(Oids.HR_PROCESSOR_ENTRY).put("2.196608", 50).put("2.196609", 95).put("2.196610", 4).table();
    HostCpus.emit(s, "ctl", SnmpSettings.Role.ARRAY, loads);
    assertEquals(List.of(new Entity("ctl/cpu", "array_cpu", "ctl CPUs", Map.of("cpus", 3), Map.of("util", 1.0))), s.entities());
    // (50 + 95 + 4) / (100 x 3) = 149 / 300; the busiest 95 %
    assertEquals(List.of(new Scrape.Reading(7, "util", 149 / 300.0), new Scrape.Reading(7, "cpu_util_max", 0.95)),
        s.readings().get("ctl/cpu"));
  }

  @Test
  void allIdleIsZeroNotNothingAndNoTableIsNothing() {
    Scrape s = new Scrape(7);
    HostCpus.emit(s, "h", SnmpSettings.Role.HOST, Walks.of(Oids.HR_PROCESSOR_ENTRY).put("2.1", 0).table());
    assertEquals(List.of(new Scrape.Reading(7, "util", 0), new Scrape.Reading(7, "cpu_util_max", 0)), s.readings().get("h/cpu"));
    Scrape none = new Scrape(7);
    HostCpus.emit(none, "h", SnmpSettings.Role.HOST, Walks.none(Oids.HR_PROCESSOR_ENTRY));
    assertEquals(List.of(), none.entities());
    assertEquals(Map.of(), none.readings());
  }
}
