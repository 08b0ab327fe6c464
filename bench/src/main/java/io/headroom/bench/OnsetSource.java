package io.headroom.bench;

import io.headroom.collector.host.HostMetrics;
import io.headroom.collector.powerstore.PowerStoreMetrics;
import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.Source;
import io.headroom.collector.workload.BenchMetrics;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import io.headroom.model.Rel;
import java.time.Duration;
import java.util.Map;

/**
 * A generated recording replayed one second a scrape: a fio job on one host reading from a volume
 * that array node A serves. Node A's CPU is at 0.30 until the trial's onset and at 0.97 from it
 * (its ceiling, judged at 0.90); with a level change the job falls from 50,000 to 35,000 IOPS at
 * the onset, as it does when a limit bites. Fixed-sine jitter: IOPS within 0.4%, node A within 0.02.
 * The lane sets the second and the onset of each trial before it scrapes.
 *
 * <p>With {@code arrayEvery} above 1 node A is read as the array sources read it (PowerStore's
 * and ONTAP's 20 s): one reading every that many seconds, the mean of the seconds it covers, so
 * the reading that spans the onset is part old load, part new, and the first to show the limit
 * (at or above {@link #SHOWS}) may be the one after.
 */
final class OnsetSource implements Source {
  final String workload;
  final String node;
  private final String host;
  private volatile int second;
  private volatile int onset = Integer.MAX_VALUE;
  private volatile boolean levelChange;
  private final int arrayEvery;
  /** Node A's ceiling as judged (0.90 of 1.0): a reading at or above it shows the limit. */
  static final double SHOWS = 0.90;

  OnsetSource(String testbed) {
    this(testbed, 1);
  }

  /** {@code arrayEvery}: seconds between node A's readings (1: every scrape). */
  OnsetSource(String testbed, int arrayEvery) {
    this.arrayEvery = arrayEvery;
    this.host = testbed;
    this.workload = testbed + "/fio/job";
    this.node = testbed + "/array/node-a";
  }

  /** A new trial: its limit begins at its {@code onset}-th second. */
  void trial(int onsetSecond, boolean withLevelChange) {
    this.onset = onsetSecond;
    this.levelChange = withLevelChange;
    this.second = 0;
  }

  /** The next scrape reads second k+1 of the trial. */
  void advance() {
    second++;
  }

  int second() {
    return second;
  }

  /**
   * The trial's second whose scrape first carries a reading of node A at its ceiling: the onset
   * itself when node A is read every second, else the first of its readings whose mean over the
   * seconds it covers reaches {@link #SHOWS}.
   */
  int firstShowing() {
    for (int k = onset; ; k++) {
      Double u = nodeReading(k);
      if (u != null && u >= SHOWS) {
        return k;
      }
    }
  }

  /** Node A's reading in second k's scrape: the mean of seconds k - arrayEvery + 1 .. k, or null between readings. */
  private Double nodeReading(int k) {
    if (k % arrayEvery != 0) {
      return null;
    }
    double sum = 0;
    for (int j = k - arrayEvery + 1; j <= k; j++) {
      sum += nodeUtil(j);
    }
    return sum / arrayEvery;
  }

  private double nodeUtil(int k) {
    boolean limited = k >= onset;
    return (limited ? 0.97 : 0.30) + 0.02 * Math.sin(1.7 * k) * (limited ? 0.5 : 1);
  }

  @Override
  public String name() {
    return "onset";
  }

  @Override
  public Duration interval() {
    return Duration.ofSeconds(1);
  }

  @Override
  public void scrape(Scrape s) {
    int k = second;
    boolean limited = k >= onset;
    boolean fell = levelChange && limited;
    s.entity(new Entity(workload, EntityKind.WORKLOAD, "job", Map.of("iodepth", 32, "numjobs", 4), Map.of()));
    s.entity(new Entity(host + "/vol/v1", EntityKind.DISK, "v1", Map.of(), Map.of()));
    s.entity(new Entity(node, EntityKind.ARRAY_CPU, "node A", Map.of(), Map.of()));
    s.entity(new Entity(host + "/cpu", EntityKind.HOST_CPU, "CPUs", Map.of(), Map.of()));
    s.relation(workload, Rel.TARGETS, host + "/vol/v1");
    s.relation(host + "/vol/v1", Rel.SERVED_BY, node);
    s.relation(workload, Rel.RUNS_ON, host + "/cpu");
    s.sample(workload, BenchMetrics.READ_IOPS, (fell ? 35_000 : 50_000) * (1 + 0.004 * Math.sin(k)));
    s.sample(workload, BenchMetrics.READ_LATENCY_S, fell ? 0.0036 : 0.0025);
    Double node = nodeReading(k);
    if (node != null) {
      s.sample(this.node, PowerStoreMetrics.UTIL, node);
    }
    s.sample(host + "/cpu", HostMetrics.UTIL, 0.40);
  }
}
