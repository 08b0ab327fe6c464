package io.headroom.bench;

import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.Source;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import java.time.Duration;
import java.util.Map;

/**
 * A generated recording replayed one second a scrape: a fio job on one host reading from a volume
 * that array node A serves. Node A's CPU is at 0.30 until the trial's onset and at 0.97 from it
 * (its ceiling, judged at 0.90); with a level change the job falls from 50,000 to 35,000 IOPS at
 * the onset, as it does when a limit bites. Fixed-sine jitter: IOPS within 0.4%, node A within 0.02.
 * The lane sets the second and the onset of each trial before it scrapes.
 */
final class OnsetSource implements Source {
  final String workload;
  final String node;
  private final String host;
  private volatile int second;
  private volatile int onset = Integer.MAX_VALUE;
  private volatile boolean levelChange;

  OnsetSource(String testbed) {
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
    s.relation(workload, "targets", host + "/vol/v1");
    s.relation(host + "/vol/v1", "served_by", node);
    s.relation(workload, "runs_on", host + "/cpu");
    s.sample(workload, "read_iops", (fell ? 35_000 : 50_000) * (1 + 0.004 * Math.sin(k)));
    s.sample(workload, "read_latency_s", fell ? 0.0036 : 0.0025);
    s.sample(node, "util", (limited ? 0.97 : 0.30) + 0.02 * Math.sin(1.7 * k) * (limited ? 0.5 : 1));
    s.sample(host + "/cpu", "util", 0.40);
  }
}
