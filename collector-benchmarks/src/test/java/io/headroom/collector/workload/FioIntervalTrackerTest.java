package io.headroom.collector.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.model.Phase;
import io.headroom.model.Sample;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The tracker over hand-made fio objects: job_start dating, the open phase sent once per start,
 * counters that went back (a stats reset), and the interval p99 from json+ bins or, without bins,
 * from the directions that completed I/O.
 */
class FioIntervalTrackerTest {
  private static final String ID = "h1/fio/r1/j";

  /** A direction with {@code ios} I/Os of 4 KiB in {@code ms}, clat mean 1000 ns. */
  private static FioDirStats dir(long ios, long ms, NavigableMap<Long, Long> bins, Double p99) {
    return new FioDirStats(ios * 4096, ios, ms, 1000.0 * ios, ios, bins, p99);
  }

  private static FioDirStats dir(long ios, long ms) {
    return dir(ios, ms, null, null);
  }

  private static FioJobSnapshot job(String name, FioDirStats read, FioDirStats write, Double jobStartMs) {
    return new FioJobSnapshot(name, 0, 0, Map.of("rw", "randrw"), read, write, FioDirStats.ZERO, jobStartMs);
  }

  private static NavigableMap<Long, Long> bins(long... binAndCount) {
    NavigableMap<Long, Long> out = new TreeMap<>();
    for (int i = 0; i < binAndCount.length; i += 2) {
      out.put(binAndCount[i], binAndCount[i + 1]);
    }
    return out;
  }

  private static Records track(FioStatus... statuses) {
    Records r = new Records();
    FioIntervalTracker t = new FioIntervalTracker("h1", "r1", new RecordedFioTopology("h1"), r::add);
    for (FioStatus s : statuses) {
      t.accept(s);
    }
    return r;
  }

  private static FioStatus at(double ts, FioJobSnapshot... jobs) {
    return new FioStatus(ts, "fio-3.33", List.of(jobs));
  }

  private static List<Double> values(Records r, String metric) {
    return r.samples(ID, metric).stream().map(Sample::value).toList();
  }

  @Test
  void jobStartDatesTheJobWhenFioPrintsIt() {
    // job_start 99500 ms, though the object at 101 s with a 1000 ms clock would say 100 s
    Records r = track(at(101.0, job("j", dir(10, 1000), dir(0, 0), 99_500.0)));
    assertEquals(List.of(new Phase("r1", "j", 99.5, null)), r.all().stream()
        .filter(x -> x instanceof Phase).toList());
    // the sample is at start plus clock: 99.5 + 1
    assertEquals(100.5, r.samples(ID, "read_iops").get(0).ts(), 1e-9);
  }

  @Test
  void clonesStartingTogetherOpenTheirPhaseOnce() {
    // two entries named j (numjobs=2), both 1000 ms into their I/O at 101 s: one start, 100 s
    Records r = track(at(101.0, job("j", dir(10, 1000), dir(0, 0), null), job("j", dir(20, 1000), dir(0, 0), null)));
    assertEquals(List.of(new Phase("r1", "j", 100.0, null)), r.all().stream()
        .filter(x -> x instanceof Phase).toList());
  }

  @Test
  void clockGoingBackCountsAgainFromTheReset() {
    // ramp over at 101 s: the clock went from 2000 ms back to 500 ms and the reads from 200 to 50;
    // the job restarts at 101 - 0.5 = 100.5 s and its 50 reads in 0.5 s are 100 per second
    Records r = track(at(100.0, job("j", dir(200, 2000), dir(0, 0), null)),
        at(101.0, job("j", dir(50, 500), dir(0, 0), null)));
    List<Sample> reads = r.samples(ID, "read_iops");
    assertEquals(List.of(100.0, 100.0), reads.stream().map(Sample::value).toList());
    assertEquals(101.0, reads.get(1).ts(), 1e-9);
  }

  @Test
  void fewerIosOnAMovingClockIsAResetToo() {
    // 100 reads and 100 writes in 1000 ms, then 50 and 50 with the clock at 1500 ms: 100 I/Os is
    // fewer than 200, so they are counted from a start at 101 - 1.5 s: 50 / 1.5 per second each way
    Records r = track(at(100.0, job("j", dir(100, 1000), dir(100, 1000), null)),
        at(101.0, job("j", dir(50, 1500), dir(50, 1500), null)));
    assertEquals(List.of(100.0, 50 / 1.5), values(r, "read_iops"));
    assertEquals(List.of(100.0, 50 / 1.5), values(r, "write_iops"));
  }

  @Test
  void binsGiveThePercentileOfTheIntervalOnly() {
    // first second: reads 3 at 1000 ns and a write at 2000 ns: 99% of 4 is 3.96, reached at 2000;
    // second: 2 more reads at 3000 ns, no write: 3000; third: the clock moved, nothing completed
    Records r = track(
        at(101.0, job("j", dir(3, 1000, bins(1000, 3), null), dir(1, 1000, bins(2000, 1), null), null)),
        at(102.0, job("j", dir(5, 2000, bins(1000, 3, 3000, 2), null), dir(1, 2000, bins(2000, 1), null), null)),
        at(103.0, job("j", dir(5, 3000, bins(1000, 3, 3000, 2), null), dir(1, 3000, bins(2000, 1), null), null)));
    assertEquals(List.of(2000e-9, 3000e-9), values(r, "latency_p99_s"));
  }

  @Test
  void aWriteOnlyJobsBinsGiveTheIntervalsP99ThoughReadHasNone() {
    // fio prints no read bins for a job that never reads. Writes: 100 at 1000 ns in the first
    // second (p99: 1000), then 100 more at 5000 ns: the interval's are all 5000, its p99 5000,
    // while since the job's start (100 at 1000, 100 at 5000) it would be 5000 too, so a third
    // second of 100 at 1000 ns shows the difference: the interval's p99 is 1000, fio's 99.000000
    // since the start (given here as 5000) is not used
    Records r = track(
        at(101.0, job("j", dir(0, 1000), dir(100, 1000, bins(1000, 100), 1000.0), null)),
        at(102.0, job("j", dir(0, 2000), dir(200, 2000, bins(1000, 100, 5000, 100), 5000.0), null)),
        at(103.0, job("j", dir(0, 3000), dir(300, 3000, bins(1000, 200, 5000, 100), 5000.0), null)));
    assertEquals(List.of(1000e-9, 5000e-9, 1000e-9), values(r, "latency_p99_s"));
  }

  @Test
  void withoutBinsOnlyDirectionsThatCompletedIosGiveTheP99() {
    // fio's p99 since job start: reads 5000 then 6000 ns, writes 9000 ns both times; in the second
    // second only reads completed, so write's old 9000 is not this interval's
    Records r = track(
        at(101.0, job("j", dir(10, 1000, null, 5000.0), dir(10, 1000, null, 9000.0), null)),
        at(102.0, job("j", dir(20, 2000, null, 6000.0), dir(10, 2000, null, 9000.0), null)));
    assertEquals(List.of(9000e-9, 6000e-9), values(r, "latency_p99_s"));
  }

  @Test
  void trimCountsInTheJobsIosAndClock() {
    // 1 read, 2 writes, 4 trims: 7 I/Os; the trims ran longest, 30 ms
    FioJobSnapshot j = new FioJobSnapshot("j", 0, 0, Map.of(), dir(1, 10), dir(2, 20), dir(4, 30), null);
    assertEquals(7, j.totalIos());
    assertEquals(30, j.clockMs());
  }
}
