package io.headroom.analyzer.store;

import io.headroom.model.RecordingRecord;
import io.headroom.model.kafka.Point;
import io.headroom.model.Run;
import io.headroom.model.Verdict;
import io.headroom.model.kafka.SampleBatch;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What one poll of the topics brought, to be stored in one transaction: topology and run records
 * (each with its testbed) and sample batches. {@code removedTopologyKeys} are tombstones.
 */
public final class IngestBatch {
  final List<Tagged> topology = new ArrayList<>();
  final List<Tagged> runs = new ArrayList<>();
  final List<SampleBatch> samples = new ArrayList<>();
  final List<TestbedVerdict> verdicts = new ArrayList<>();
  final List<DeadLetter> deadLetters = new ArrayList<>();
  /** Per Kafka partition, the offset after the last record of sample batches: for ingest_progress. */
  final Map<KafkaPartition, Long> sampleProgress = new HashMap<>();
  private static final Comparator<SampleBatch> BY_ENTITY =
      Comparator.comparing(SampleBatch::testbed).thenComparing(SampleBatch::entity);
  /** The names the samples use, once worked out; null after any change. */
  private Names names;

  public void topology(String testbed, RecordingRecord record) {
    topology.add(new Tagged(testbed, record));
  }

  public void run(String testbed, RecordingRecord record) {
    runs.add(new Tagged(testbed, record));
  }

  public void samples(SampleBatch batch) {
    samples.add(batch);
    names = null;
  }

  /** A verdict judged here and stored directly (headroom import): each one is a new judgement. */
  public void verdict(String testbed, Verdict verdict) {
    verdicts.add(new TestbedVerdict(testbed, verdict, null));
  }

  /** A verdict consumed from Kafka: stored once however often its record at {@code at} is delivered. */
  public void verdict(String testbed, Verdict verdict, KafkaPosition at) {
    verdicts.add(new TestbedVerdict(testbed, verdict, at));
  }

  /** The record at {@code offset} of a partition of the samples topic brought this batch's samples. */
  public void sampleRecord(String topic, int partition, long offset) {
    sampleProgress.merge(new KafkaPartition(topic, partition), offset + 1, Math::max);
  }

  /** A record that could not be read: stored in the dead-letter table with the rest. */
  public void deadLetter(DeadLetter letter) {
    deadLetters.add(letter);
  }

  public boolean hasDeadLetters() {
    return !deadLetters.isEmpty();
  }

  /** Adds everything {@code other} holds, in order. */
  public void addAll(IngestBatch other) {
    topology.addAll(other.topology);
    runs.addAll(other.runs);
    samples.addAll(other.samples);
    names = null;
    verdicts.addAll(other.verdicts);
    deadLetters.addAll(other.deadLetters);
    other.sampleProgress.forEach((p, next) -> sampleProgress.merge(p, next, Math::max));
  }

  /**
   * The entities (as {@link Dictionary#entityKey} keys) and metrics the samples name, each once,
   * in first-seen order. Kept until the batch changes: the ingest works them out on its fetching
   * thread, so the thread that stores does not walk every point before the database has work.
   */
  public Names names() {
    if (names == null) {
      Set<String> entities = new LinkedHashSet<>();
      Set<String> metrics = new LinkedHashSet<>();
      for (SampleBatch b : samples) {
        entities.add(Dictionary.entityKey(b.testbed(), b.entity()));
        for (Point p : b.points()) {
          metrics.add(p.metric());
        }
      }
      names = new Names(entities, metrics);
    }
    return names;
  }

  /** @param entityKeys see {@link Dictionary#entityKey} */
  public record Names(Set<String> entityKeys, Set<String> metrics) {}

  /**
   * Puts the sample batches of each entity together, each entity's in the order they came (a
   * stable sort: per-entity order is kept). A poll holds a few seconds of every entity, in the
   * order the collectors sent them: second by second, each row for another series. Grouped, the
   * rows of one series go into the sample table one after the other, so the server's btree
   * insert finds the leaf page the row before it touched still in its caches, and the heap keeps
   * each series' rows of the poll together for the reads that follow one series. It cut the
   * server's CPU per row by about a fifth (docs/benchmarks.md).
   */
  public void groupSamplesByEntity() {
    samples.sort(BY_ENTITY);
  }

  /** The sample batches, in the order they came (or grouped by entity, once asked to). */
  public List<SampleBatch> sampleBatches() {
    return java.util.Collections.unmodifiableList(samples);
  }

  /** Topology and run records (entities, relations, runs, phases) with their testbeds, in the order they came. */
  public List<TestbedRecord> records() {
    List<TestbedRecord> out = new ArrayList<>();
    topology.forEach(t -> out.add(new TestbedRecord(t.testbed(), t.record())));
    runs.forEach(t -> out.add(new TestbedRecord(t.testbed(), t.record())));
    return out;
  }

  /** The verdicts, with their testbeds. */
  public List<TestbedRecord> verdictRecords() {
    return verdicts.stream().map(v -> new TestbedRecord(v.testbed(), v.verdict())).toList();
  }

  /** A record of a testbed: an Entity, Relation, Run or Phase ({@link RecordingRecord}), or a Verdict. */
  public record TestbedRecord(String testbed, Object record) {}

  /** The run records (not phases) of this batch, with their testbeds. */
  public List<TestbedRun> runsStored() {
    List<TestbedRun> out = new ArrayList<>();
    for (Tagged t : runs) {
      if (t.record() instanceof Run r) {
        out.add(new TestbedRun(t.testbed(), r));
      }
    }
    return out;
  }

  public record TestbedRun(String testbed, Run run) {}

  public boolean isEmpty() {
    return topology.isEmpty() && runs.isEmpty() && samples.isEmpty() && verdicts.isEmpty() && deadLetters.isEmpty();
  }


  record Tagged(String testbed, RecordingRecord record) {}

  record KafkaPartition(String topic, int partition) {}

  /** @param at null when the verdict did not come from Kafka */
  record TestbedVerdict(String testbed, Verdict verdict, KafkaPosition at) {}
}
