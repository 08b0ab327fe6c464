package io.headroom.analyzer.remotewrite;

import io.headroom.remotewrite.PromNames;
import io.headroom.remotewrite.Readings;
import io.headroom.remotewrite.RemoteWriteSender;
import io.headroom.remotewrite.SeriesLabels;
import io.headroom.remotewrite.TimeSeries;
import io.headroom.analyzer.store.IngestBatch;
import io.headroom.model.Entity;
import io.headroom.model.Phase;
import io.headroom.model.Verdict;
import io.headroom.model.kafka.SampleBatch;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * What one endpoint is sent of the records consumed: their readings first, in requests of their
 * own, then the phases' and verdicts' series. The two never share a request: Prometheus refuses a
 * whole request for one sample out of order, and a readings request sent again after a crash must
 * be the same request it was (ForwardLoop), which the derived series, made from state held in
 * memory, would not be.
 */
public final class Forwarding {
  private final EntityKinds kinds;
  private final RemoteWriteSender sender;
  private final DerivedSeries derived = new DerivedSeries();
  private final SeriesLabels labels;

  public Forwarding(PromNames names, EntityKinds kinds, RemoteWriteSender sender) {
    this.kinds = kinds;
    this.sender = sender;
    this.labels = new SeriesLabels(names, kinds);
  }

  public RemoteWriteSender sender() {
    return sender;
  }

  /**
   * Sends the readings of {@code batches}, then the series their phases and verdicts make; false
   * when {@code stopping} cut the readings short (they are then not done).
   */
  public boolean forward(List<IngestBatch> batches, long nowMs, BooleanSupplier stopping) throws InterruptedException {
    Readings readings = readings();
    for (IngestBatch b : batches) {
      for (SampleBatch s : b.sampleBatches()) {
        readings.add(s);
      }
    }
    return forward(readings, batches, nowMs, stopping);
  }

  /** Empty readings for {@link #forward(Readings, List, long, BooleanSupplier)}, with the label blocks kept here. */
  public Readings readings() {
    return new Readings(labels);
  }

  /**
   * Sends {@code readings} (a poll's samples, read without {@link SampleBatch}es), then the series
   * the phases and verdicts of {@code records} make (their samples, if any, are not read: they are
   * in {@code readings}); false when {@code stopping} cut the readings short.
   */
  public boolean forward(Readings readings, List<IngestBatch> records, long nowMs, BooleanSupplier stopping)
      throws InterruptedException {
    for (IngestBatch b : records) {
      for (IngestBatch.TestbedRecord r : b.records()) {
        if (r.record() instanceof Entity e) {
          kinds.learn(r.testbed(), e.id(), e.kind());
        } else if (r.record() instanceof Phase p) {
          derived.phase(r.testbed(), p);
        }
      }
    }
    for (IngestBatch b : records) {
      for (IngestBatch.TestbedRecord r : b.verdictRecords()) {
        derived.verdict(r.testbed(), (Verdict) r.record(), nowMs);
      }
    }
    if (!sender.sendAll(readings.requests(sender.maxSamplesPerSend()), stopping)) {
      return false;
    }
    return tick(nowMs, stopping);
  }

  /** Sends the phases' and verdicts' samples due by {@code nowMs} (called while no record comes, too). */
  public boolean tick(long nowMs, BooleanSupplier stopping) throws InterruptedException {
    List<TimeSeries> due = derived.due(nowMs);
    return due.isEmpty() || sender.sendAll(List.of(due), stopping);
  }
}
