package io.headroom.analyzer.scenario;

import io.headroom.model.RecordingRecord;
import java.util.List;

/** One study's recording: the file name under docs/scenarios/ and its records. */
public record Scenario(String file, String run, List<RecordingRecord> records) {
  public Scenario {
    records = List.copyOf(records);
  }
}
