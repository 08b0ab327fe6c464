package io.headroom.collector.ontap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The ontap source's own keys at their bounds: max_records at least 1, return_timeout 1 to 120 (as
 * ONTAP accepts), tables among those the source knows; and the defaults of a key left out.
 */
class OntapSettingsTest {
  @Test
  void keysLeftOutTakeOntapsPageSizeAFifteenSecondTimeoutAndEveryTable() {
    OntapSettings s = new OntapSettings(null, null, null, null);
    assertEquals(1000, s.maxRecords());
    assertEquals(15, s.returnTimeout());
    assertEquals(List.of("system:node", "headroom_cpu", "volume", "lun", "lif", "nic_common", "fcp"), s.tables());
    assertEquals(false, s.volumeStatistics(), "volume_statistics left out reads the counter table volume");
    assertEquals(List.of(), s.validate());
  }

  @Test
  void theLeastPageIsOneRecordAndTheTimeoutLiesInOneToOneHundredTwenty() {
    assertEquals(List.of(), new OntapSettings(1, 1, List.of("fcp"), null).validate());
    assertEquals(List.of(), new OntapSettings(1, 120, List.of(), null).validate());
    assertEquals(List.of("max_records: must be at least 1"), new OntapSettings(0, 15, null, null).validate());
    String timeout = "return_timeout: must be 1 to 120 (seconds), as ONTAP accepts";
    assertEquals(List.of(timeout), new OntapSettings(1000, 0, null, null).validate());
    assertEquals(List.of(timeout), new OntapSettings(1000, 121, null, null).validate());
  }

  @Test
  void eachUnknownTableIsNamedByItsPlaceInTheList() {
    assertEquals(List.of("tables[0]: \"qos\" is not one of " + CounterTables.NAMES,
        "tables[2]: \"disk\" is not one of " + CounterTables.NAMES),
        new OntapSettings(null, null, List.of("qos", "lun", "disk"), null).validate());
  }
}
