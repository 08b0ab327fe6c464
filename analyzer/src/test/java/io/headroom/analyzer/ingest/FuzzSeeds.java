package io.headroom.analyzer.ingest;

import io.headroom.analyzer.analysis.RunAnalyzer;
import io.headroom.analyzer.data.RunData;
import io.headroom.model.Entity;
import io.headroom.model.Phase;
import io.headroom.model.RecordingRecord;
import io.headroom.model.Relation;
import io.headroom.model.Run;
import io.headroom.model.Sample;
import io.headroom.model.VerdictJson;
import io.headroom.model.kafka.Point;
import io.headroom.model.kafka.RecordJson;
import io.headroom.model.kafka.SampleBatch;
import io.headroom.model.kafka.SampleBatchCodec;
import io.headroom.model.recording.RecordingReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Real records to mutate: a committed study recording's records encoded as a collector publishes
 * them (topology and runs as {@link RecordJson}, samples as binary batches of one entity), and the
 * verdict the analyzer gives it.
 */
record FuzzSeeds(List<byte[]> topology, List<byte[]> runs, List<byte[]> sampleBatches, List<byte[]> verdicts,
    byte[] recordingHead) {
  /** Records of each kind kept as seeds: enough to cover each shape, few enough to mutate evenly. */
  private static final int PER_KIND = 40;
  private static final int POINTS_PER_BATCH = 12;
  private static final int RECORDING_LINES = 60;

  /** A sample batch's count and length fields, to set huge: where each starts and how wide it is. */
  record Field(int offset, int width) {}

  static FuzzSeeds fromStudy(String file) {
    Path path = Path.of("..", "docs", "scenarios", file); // tests run in the analyzer module's directory
    try {
      List<RecordingRecord> records = RecordingReader.readAll(path, false);
      RunData data = new RunData();
      records.forEach(data::accept);
      String testbed = records.stream().filter(r -> r instanceof Run).map(r -> ((Run) r).testbed()).findFirst()
          .orElseThrow();
      List<byte[]> topology = new ArrayList<>();
      List<byte[]> runs = new ArrayList<>();
      Map<String, List<Point>> points = new LinkedHashMap<>();
      for (RecordingRecord r : records) {
        if ((r instanceof Entity || r instanceof Relation) && topology.size() < PER_KIND) {
          topology.add(RecordJson.encode(testbed, r));
        } else if ((r instanceof Run || r instanceof Phase) && runs.size() < PER_KIND) {
          runs.add(RecordJson.encode(testbed, r));
        } else if (r instanceof Sample s) {
          points.computeIfAbsent(s.entity(), e -> new ArrayList<>()).add(new Point(s.ts(), s.metric(), s.value()));
        }
      }
      List<byte[]> batches = new ArrayList<>();
      for (Map.Entry<String, List<Point>> e : points.entrySet()) {
        if (batches.size() < PER_KIND) {
          List<Point> some = e.getValue().subList(0, Math.min(POINTS_PER_BATCH, e.getValue().size()));
          batches.add(SampleBatchCodec.encode(new SampleBatch(UUID.randomUUID(), testbed, e.getKey(), some)));
        }
      }
      String verdict = VerdictJson.toJson(new RunAnalyzer().analyze(data, RunAnalyzer.defaultRun(data)));
      List<String> lines = Files.readAllLines(path, StandardCharsets.UTF_8);
      byte[] head = (String.join("\n", lines.subList(0, RECORDING_LINES)) + "\n").getBytes(StandardCharsets.UTF_8);
      return new FuzzSeeds(topology, runs, batches, List.of(verdict.getBytes(StandardCharsets.UTF_8)), head);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The count and length fields of an encoded batch (docs/architecture.md, "Sample encoding"):
   * testbed and entity lengths, the metric count and each metric's length, the point count.
   */
  static List<Field> sampleCountFields(byte[] batch) {
    List<Field> fields = new ArrayList<>();
    int at = 2 + 16; // magic, version, id
    for (int name = 0; name < 2; name++) { // testbed, entity
      fields.add(new Field(at, 2));
      at += 2 + unsignedShort(batch, at);
    }
    int metrics = unsignedShort(batch, at);
    fields.add(new Field(at, 2));
    at += 2;
    for (int i = 0; i < metrics; i++) {
      fields.add(new Field(at, 2));
      at += 2 + unsignedShort(batch, at);
    }
    fields.add(new Field(at, 4));
    fields.add(new Field(at + 4, 2)); // the first point's metric index
    return fields;
  }

  private static int unsignedShort(byte[] b, int at) {
    return ((b[at] & 0xff) << 8) | (b[at + 1] & 0xff);
  }
}
