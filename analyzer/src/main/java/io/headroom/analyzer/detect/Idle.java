package io.headroom.analyzer.detect;

import io.headroom.analyzer.data.RunData;
import io.headroom.analyzer.data.Window;
import io.headroom.model.Phase;
import io.headroom.model.Run;
import java.util.List;

/**
 * The run's readings before its benchmark started: what each resource carries with no workload
 * (another tenant's traffic, a CPU's housekeeping, a port's background). A reading with no
 * workload is the fixed part of the load, so with it the utilisation law U = U0 + D X is fitted
 * from one phase as well as from many (Demand): a run whose every phase ran at the same throughput
 * (a disk full from the first queue depth) no longer leaves the background inseparable from the
 * workload's load. `headroom run --baseline` records it; an imported benchmark has none.
 */
public final class Idle {
  /** The window's name in evidence. */
  static final String NAME = "before the run";
  /** Fewer seconds than this are no reading of the background (a collector's first scrape). */
  static final double MIN_SECONDS = 3;

  private Idle() {}

  /**
   * The window from the run's start to its first phase's, null when it is shorter than MIN_SECONDS
   * or the run's workloads moved I/O in it (then it is no idle reading: a warm-up, a prefill).
   */
  public static Context before(RunData data, Run run, List<Phase> phases, Thresholds thresholds) {
    if (run == null || phases.isEmpty()) {
      return null;
    }
    double first = phases.stream().mapToDouble(Phase::start).min().orElseThrow();
    if (!(first - run.start() >= MIN_SECONDS)) {
      return null;
    }
    Context idle = Context.of(data, run, new Window(NAME, run.start(), first), thresholds);
    // no throughput from the workloads there: the testbed with no workload
    return NextLimits.Throughput.of(idle) == null ? idle : null;
  }
}
