package io.headroom.app.cli;

import io.headroom.analyzer.store.IngestBatch;
import io.headroom.analyzer.store.SampleStore;
import io.headroom.model.Entity;
import io.headroom.model.Phase;
import io.headroom.model.RecordingRecord;
import io.headroom.model.Relation;
import io.headroom.model.Run;
import io.headroom.model.Sample;
import io.headroom.model.Verdict;
import io.headroom.model.kafka.Point;
import io.headroom.model.kafka.SampleBatch;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** An imported run written the way the analyzer's ingest writes one, so it reads back like any other. */
final class ImportedRun {
  private ImportedRun() {}

  static void store(Connection c, String testbed, Run run, List<RecordingRecord> records) throws SQLException {
    IngestBatch batch = new IngestBatch();
    Map<String, List<Point>> points = new LinkedHashMap<>();
    for (RecordingRecord r : records) {
      if (r instanceof Entity || r instanceof Relation) {
        batch.topology(testbed, r);
      } else if (r instanceof Run || r instanceof Phase) {
        batch.run(testbed, r);
      } else if (r instanceof Sample s) {
        points.computeIfAbsent(s.entity(), e -> new ArrayList<>()).add(new Point(s.ts(), s.metric(), s.value()));
      }
    }
    for (Map.Entry<String, List<Point>> e : points.entrySet()) {
      // a batch id from the run and the entity; importing the same file again stores nothing twice
      // (the readings are the same: the sample table's unique series index drops them)
      UUID id = UUID.nameUUIDFromBytes((testbed + "|" + run.run() + "|" + e.getKey()).getBytes(StandardCharsets.UTF_8));
      batch.samples(new SampleBatch(id, testbed, e.getKey(), e.getValue()));
    }
    new SampleStore().write(c, batch);
  }

  static void storeVerdict(Connection c, String testbed, Verdict verdict) throws SQLException {
    IngestBatch batch = new IngestBatch();
    batch.verdict(testbed, verdict);
    new SampleStore().write(c, batch);
  }
}
