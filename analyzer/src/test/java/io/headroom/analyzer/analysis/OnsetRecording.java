package io.headroom.analyzer.analysis;

import io.headroom.analyzer.data.RunData;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import io.headroom.model.Phase;
import io.headroom.model.Relation;
import io.headroom.model.Run;
import java.util.Map;

/**
 * A generated recording: a fio job reading from a volume served by array node A, one reading of
 * every metric each second, stamped START + k (k = 1, 2, ...). Node A's CPU sits at 0.30 until the
 * onset, ONSET seconds into the phase, and at 0.97 from the reading stamped START + ONSET on: so
 * the onset's first reading is START + ONSET. With a level change the workload falls from 50,000
 * to 35,000 IOPS at the same reading (the limit bites) and its latency rises from 2.5 to 3.6 ms.
 * Jitter is a fixed sine: IOPS within 0.4% (far below the 5% plateau cv), node A within 0.02.
 */
final class OnsetRecording {
  static final double START = 1_795_995_443.0;
  static final String RUN = "r1";
  static final String PHASE = "steady";
  static final String WORKLOAD = "t1/fio/r1/job";
  static final String NODE_A = "array/a1/node-a";

  final RunData data = new RunData();
  private final int onset;
  private final boolean levelChange;

  /** @param phaseEnd seconds after START the phase ends, or null for an open phase (live) */
  OnsetRecording(int onset, boolean levelChange, Integer phaseEnd) {
    this.onset = onset;
    this.levelChange = levelChange;
    data.accept(new Run(RUN, "lab", START, phaseEnd == null ? null : START + phaseEnd, Map.of("tool", "fio")));
    data.accept(new Phase(RUN, PHASE, START, phaseEnd == null ? null : START + phaseEnd));
    data.accept(new Entity(WORKLOAD, EntityKind.WORKLOAD, "job", Map.of("iodepth", 32, "numjobs", 4), Map.of()));
    data.accept(new Entity("t1/vol/v1", EntityKind.DISK, "v1", Map.of(), Map.of()));
    data.accept(new Entity(NODE_A, EntityKind.ARRAY_CPU, "node A", Map.of(), Map.of()));
    data.accept(new Entity("t1/cpu", EntityKind.HOST_CPU, "t1 CPUs", Map.of(), Map.of()));
    data.accept(new Relation(WORKLOAD, "targets", "t1/vol/v1"));
    data.accept(new Relation("t1/vol/v1", "served_by", NODE_A));
    data.accept(new Relation(WORKLOAD, "runs_on", "t1/cpu"));
  }

  /** The readings stamped START + k. */
  void second(int k) {
    double ts = START + k;
    boolean limited = k >= onset;
    boolean fell = levelChange && limited;
    data.addSample(ts, WORKLOAD, "read_iops", (fell ? 35_000 : 50_000) * (1 + 0.004 * Math.sin(k)));
    data.addSample(ts, WORKLOAD, "read_latency_s", fell ? 0.0036 : 0.0025);
    data.addSample(ts, NODE_A, "util", (limited ? 0.97 : 0.30) + 0.02 * Math.sin(1.7 * k) * (limited ? 0.5 : 1));
    data.addSample(ts, "t1/cpu", "util", 0.40);
  }

  /** The onset's first reading: the first stamped with node A at 0.97. */
  double onsetReading() {
    return START + onset;
  }
}
