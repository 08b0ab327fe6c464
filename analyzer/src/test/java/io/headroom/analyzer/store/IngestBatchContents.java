package io.headroom.analyzer.store;

import io.headroom.model.kafka.SampleBatch;
import java.util.List;

/** What an {@link IngestBatch} holds, for tests of other packages: each part as "testbed record". */
public final class IngestBatchContents {
  private IngestBatchContents() {}

  public static List<SampleBatch> samples(IngestBatch b) {
    return List.copyOf(b.samples);
  }

  public static List<String> topology(IngestBatch b) {
    return b.topology.stream().map(t -> t.testbed() + " " + t.record()).toList();
  }

  public static List<String> runs(IngestBatch b) {
    return b.runs.stream().map(t -> t.testbed() + " " + t.record()).toList();
  }

  /** Each verdict as "testbed run". */
  public static List<String> verdicts(IngestBatch b) {
    return b.verdicts.stream().map(v -> v.testbed() + " " + v.verdict().run()).toList();
  }

  /** Each partition's sample progress as "topic-partition next". */
  public static List<String> sampleProgress(IngestBatch b) {
    return b.sampleProgress.entrySet().stream()
        .map(e -> e.getKey().topic() + "-" + e.getKey().partition() + " " + e.getValue()).sorted().toList();
  }

  public static List<DeadLetter> deadLetters(IngestBatch b) {
    return List.copyOf(b.deadLetters);
  }
}
