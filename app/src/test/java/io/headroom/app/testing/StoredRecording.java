package io.headroom.app.testing;

import io.headroom.analyzer.store.IngestBatch;
import io.headroom.analyzer.store.SampleStore;
import io.headroom.model.Entity;
import io.headroom.model.Phase;
import io.headroom.model.RecordingRecord;
import io.headroom.model.Relation;
import io.headroom.model.Run;
import io.headroom.model.Sample;
import io.headroom.model.kafka.Point;
import io.headroom.model.kafka.SampleBatch;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** A recording stored the way the analyzer's ingest stores it: through SampleStore, one batch per entity. */
public final class StoredRecording {
  private StoredRecording() {}

  /** Stores every record under the testbed of the recording's run (it must declare one). */
  public static void store(Connection c, List<RecordingRecord> records) throws Exception {
    String testbed = records.stream().filter(r -> r instanceof Run).map(r -> ((Run) r).testbed()).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("the recording declares no run, so no testbed"));
    IngestBatch batch = new IngestBatch();
    Map<String, List<Point>> points = new LinkedHashMap<>();
    for (RecordingRecord r : records) {
      if (r instanceof Entity e) {
        batch.topology(testbed, e);
      } else if (r instanceof Relation rel) {
        batch.topology(testbed, rel);
      } else if (r instanceof Run || r instanceof Phase) {
        batch.run(testbed, r);
      } else if (r instanceof Sample s) {
        points.computeIfAbsent(s.entity(), k -> new ArrayList<>()).add(new Point(s.ts(), s.metric(), s.value()));
      }
    }
    points.forEach((entity, list) -> batch.samples(new SampleBatch(UUID.randomUUID(), testbed, entity, list)));
    new SampleStore().write(c, batch);
  }
}
