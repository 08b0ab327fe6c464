package io.headroom.analyzer.store;

import io.headroom.model.RecordingRecord;
import io.headroom.model.Run;
import io.headroom.model.Verdict;
import io.headroom.model.kafka.SampleBatch;
import java.util.ArrayList;
import java.util.List;

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

  public void topology(String testbed, RecordingRecord record) {
    topology.add(new Tagged(testbed, record));
  }

  public void run(String testbed, RecordingRecord record) {
    runs.add(new Tagged(testbed, record));
  }

  public void samples(SampleBatch batch) {
    samples.add(batch);
  }

  /** A verdict judged here and stored directly (headroom import): each one is a new judgement. */
  public void verdict(String testbed, Verdict verdict) {
    verdicts.add(new TestbedVerdict(testbed, verdict, null));
  }

  /** A verdict consumed from Kafka: stored once however often its record at {@code at} is delivered. */
  public void verdict(String testbed, Verdict verdict, KafkaPosition at) {
    verdicts.add(new TestbedVerdict(testbed, verdict, at));
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
    verdicts.addAll(other.verdicts);
    deadLetters.addAll(other.deadLetters);
  }

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

  /** @param at null when the verdict did not come from Kafka */
  record TestbedVerdict(String testbed, Verdict verdict, KafkaPosition at) {}
}
