package io.headroom.app.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.headroom.collector.source.Scrape;
import io.headroom.model.Entity;
import io.headroom.model.Phase;
import io.headroom.model.Rel;
import io.headroom.model.Relation;
import io.headroom.model.Sample;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BenchmarkBatchesTest {
  private final List<Object> sent = new ArrayList<>();

  private BenchmarkBatches batches() {
    return new BenchmarkBatches(s -> {
      synchronized (sent) {
        sent.add(s);
      }
    }, r -> {
      synchronized (sent) {
        sent.add(r);
      }
    });
  }

  /** fio's status interval: a workload entity, its relation and two jobs' three samples each. */
  private static void interval(BenchmarkBatches b, double ts) {
    b.accept(new Entity("h1/fio/r1/job1", "workload", "job1", Map.of(), Map.of()));
    b.accept(new Relation("h1/fio/r1/job1", Rel.RUNS_ON.wire(), "h1"));
    for (String job : List.of("h1/fio/r1/job1", "h1/fio/r1/job2")) {
      b.accept(new Sample(ts, job, "read_iops", 1000));
      b.accept(new Sample(ts, job, "read_bytes_per_s", 4096000));
      b.accept(new Sample(ts, job, "read_latency_s", 0.001));
    }
  }

  @Test
  void oneIntervalIsOneScrapeAndAPhaseNeverOvertakesTheReadingsBeforeIt() {
    try (BenchmarkBatches b = batches()) {
      interval(b, 10);
      Phase phase = new Phase("r1", "p1", 9, 11.0);
      b.accept(phase);
      synchronized (sent) {
        assertEquals(2, sent.size(), sent.toString());
        Scrape s = assertInstanceOf(Scrape.class, sent.get(0));
        assertEquals(6, s.sampleCount()); // 2 jobs x 3 metrics
        assertEquals(1, s.entities().size());
        assertEquals(1, s.relations().size());
        assertEquals(2, s.readings().size()); // one Kafka record per entity: 2, not 6
        assertSame(phase, sent.get(1));
      }
    }
  }

  @Test
  void aBatchClosesOnItsOwnAfterTheLinger() throws InterruptedException {
    try (BenchmarkBatches b = batches()) {
      interval(b, 10);
      long deadline = System.nanoTime() + 5_000_000_000L;
      while (System.nanoTime() < deadline) {
        synchronized (sent) {
          if (!sent.isEmpty()) {
            break;
          }
        }
        Thread.sleep(10);
      }
      synchronized (sent) {
        assertEquals(1, sent.size(), "the interval went without a flush");
        assertEquals(6, ((Scrape) sent.get(0)).sampleCount());
      }
    }
  }

  @Test
  void aBatchHoldsAtMostMaxReadings() {
    try (BenchmarkBatches b = batches()) {
      for (int i = 0; i < BenchmarkBatches.MAX_READINGS - 1; i++) {
        b.accept(new Sample(10, "h1/fio/r1/job1", "read_iops", i));
      }
      synchronized (sent) {
        assertEquals(0, sent.size(), "one reading short of the bound stays batched");
      }
      b.accept(new Sample(10, "h1/fio/r1/job1", "read_iops", 1));
      b.accept(new Sample(10, "h1/fio/r1/job1", "read_iops", 2));
      synchronized (sent) {
        assertEquals(1, sent.size());
        assertEquals(BenchmarkBatches.MAX_READINGS, ((Scrape) sent.get(0)).sampleCount());
      }
      b.flush();
      synchronized (sent) {
        assertEquals(2, sent.size());
        assertEquals(1, ((Scrape) sent.get(1)).sampleCount());
      }
    }
  }

  @Test
  void closeSendsWhatIsLeft() {
    BenchmarkBatches b = batches();
    b.accept(new Sample(10, "h1/fio/r1/job1", "read_iops", 5));
    b.close();
    synchronized (sent) {
      assertEquals(1, sent.size());
    }
  }
}
