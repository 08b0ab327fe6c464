package io.headroom.analyzer.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.model.RecordingRecord;
import io.headroom.model.Sample;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ScenariosTest {
  @Test
  void committedRecordingsAreWhatTheGeneratorMakes() throws IOException {
    for (Scenario s : Scenarios.all()) {
      Path file = StudyRecordings.DIR.resolve(s.file());
      List<String> committed = Files.readAllLines(file, StandardCharsets.UTF_8);
      List<String> generated = s.records().stream().map(Scenarios::line).toList();
      assertEquals(generated.size(), committed.size(), s.file());
      for (int i = 0; i < generated.size(); i++) {
        assertEquals(generated.get(i), committed.get(i),
            s.file() + " line " + (i + 1) + " differs: run Scenarios.main to regenerate");
      }
      assertTrue(Files.size(file) < 3_000_000, s.file() + " is " + Files.size(file) + " bytes");
    }
  }

  @Test
  void builderEmitsOneNoisyReadingPerSecondWithinPhysicalLimits() {
    ScenarioBuilder b = new ScenarioBuilder("r", "t", 100, 7, Map.of());
    b.entity("p", "net_port", Map.of(), Map.of("bytes_per_s", 1.0e9));
    b.series("p", "tx_bytes_per_s", 0).series("w", "read_iops", Double.NaN);
    b.phase("idle", 10);
    b.phase("busy", 10).set("p", "tx_bytes_per_s", 1.0e9, 0.05).set("w", "read_iops", 500);
    List<RecordingRecord> records = b.build();
    List<Sample> tx = records.stream().filter(r -> r instanceof Sample s && s.metric().equals("tx_bytes_per_s"))
        .map(r -> (Sample) r).toList();
    assertEquals(20, tx.size());
    assertEquals(101.0, tx.get(0).ts());
    assertEquals(0.0, tx.get(5).value());
    // the port never reads above its line rate, however the noise falls
    assertTrue(tx.stream().allMatch(s -> s.value() <= 1.0e9));
    long iops = records.stream().filter(r -> r instanceof Sample s && s.metric().equals("read_iops")).count();
    assertEquals(10, iops, "a workload series is silent outside the phases that set it");
  }

  @Test
  void undeclaredSeriesIsRefused() {
    ScenarioBuilder b = new ScenarioBuilder("r", "t", 0, 1, Map.of());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> b.phase("p", 1).set("x", "util", 0.5));
    assertEquals("series not declared: x util", e.getMessage());
  }

  @Test
  void roundingKeepsFourSignificantDigits() {
    assertEquals(13_610_000_000.0, ScenarioBuilder.round(13_612_345_678.9));
    assertEquals(0.0002634, ScenarioBuilder.round(0.00026341));
  }
}
