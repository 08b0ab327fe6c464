package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import org.junit.jupiter.api.Test;

class ThresholdsBinderTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void eachKeyOverridesItsDefaultAndTheRestStay() throws Exception {
    Thresholds t = ThresholdsBinder.bind(JSON.readTree("{\"pcie_practical\": 0.85, \"cpu_busy\": 0.8}"), "lab.yaml");
    Thresholds d = Thresholds.defaults();
    assertEquals(0.85, t.pciePractical());
    assertEquals(0.8, t.cpuBusy());
    assertEquals(d.ethernetPractical(), t.ethernetPractical());
    assertEquals(d.latencyClimb(), t.latencyClimb());
    assertEquals(d, ThresholdsBinder.bind(MissingNode.getInstance(), "lab.yaml"));
  }

  @Test
  void unknownKeysAndWrongTypesAreNamed() throws Exception {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ThresholdsBinder.bind(JSON.readTree("{\"cpu_full\": 0.8, \"at_ceiling\": \"high\"}"), "lab.yaml: detection.thresholds"));
    assertEquals("lab.yaml: detection.thresholds: unknown key 'cpu_full' (known: [at_ceiling, cpu_busy, credit_zero_share, "
        + "disk_busy, disk_queue, ethernet_practical, fc_practical, implausible_rate, implausible_util, infiniband_practical, "
        + "latency_climb, little_full, min_readings, near_tie, other_net_practical, pause_per_s, pcie_practical, plateau_cv, remote_access, socket_imbalance, sustained_share]); "
        + "at_ceiling: must be a number, not a string", e.getMessage());
  }

  @Test
  void outOfRangeValuesAreNamedAsInTheFile() throws Exception {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ThresholdsBinder.bind(JSON.readTree("{\"cpu_busy\": 1.5}"), "lab.yaml: detection.thresholds"));
    assertEquals("lab.yaml: detection.thresholds.cpu_busy must be in (0, 1], got 1.5", e.getMessage());
  }

  @Test
  void theSustainedShareIsSetInTheTestbedFileUpToOne() throws Exception {
    assertEquals(1.0, ThresholdsBinder.bind(JSON.readTree("{\"sustained_share\": 1.0}"), "lab.yaml").sustainedShare());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ThresholdsBinder.bind(JSON.readTree("{\"sustained_share\": 1.01}"), "lab.yaml: detection.thresholds"));
    assertEquals("lab.yaml: detection.thresholds.sustained_share must be in (0, 1], got 1.01", e.getMessage());
  }

  @Test
  void onsetSettingsAreBoundFromTheirOwnSection() throws Exception {
    OnsetSettings o = ThresholdsBinder.onsets(JSON.readTree("{\"recent_window_s\": 10, \"level_shift\": 0.2}"),
        "lab.yaml: detection.onsets");
    OnsetSettings d = OnsetSettings.defaults();
    assertEquals(10.0, o.recentWindowS());
    assertEquals(0.2, o.levelShift());
    assertEquals(d.liveMinReadings(), o.liveMinReadings());
    assertEquals(d.loadShift(), o.loadShift());
    assertEquals(d.maxChanges(), o.maxChanges());
    assertEquals(d, ThresholdsBinder.onsets(MissingNode.getInstance(), "lab.yaml"));
  }

  @Test
  void onsetSettingsOutOfRangeAreNamedAsInTheFile() throws Exception {
    // the boundary: a one-second window is valid, under it is not
    assertEquals(1.0, ThresholdsBinder.onsets(JSON.readTree("{\"recent_window_s\": 1}"), "lab.yaml").recentWindowS());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ThresholdsBinder.onsets(JSON.readTree("{\"recent_window_s\": 0.5}"), "lab.yaml: detection.onsets"));
    assertEquals("lab.yaml: detection.onsets.recent_window_s must be at least 1 second, got 0.5", e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> ThresholdsBinder.onsets(JSON.readTree("{\"live_min_readings\": 1}"), "lab.yaml: detection.onsets"));
    assertEquals("lab.yaml: detection.onsets.live_min_readings must be at least 2 (one reading is no regime), got 1",
        e.getMessage());
    e = assertThrows(IllegalArgumentException.class,
        () -> ThresholdsBinder.onsets(JSON.readTree("{\"recent_window\": 5}"), "lab.yaml: detection.onsets"));
    assertEquals("lab.yaml: detection.onsets: unknown key 'recent_window'; did you mean 'recent_window_s'?", e.getMessage());
  }
}
