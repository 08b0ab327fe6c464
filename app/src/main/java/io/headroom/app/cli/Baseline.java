package io.headroom.app.cli;

import io.headroom.model.RecordingRecord;
import io.headroom.model.Run;
import java.util.function.Consumer;

/**
 * The seconds `headroom run` reads the testbed before it starts the benchmark (--baseline), and
 * `headroom import prometheus --start` before the benchmark's own start: what
 * every resource carries with no workload (another tenant's traffic, a CPU's housekeeping). The
 * analyzer reads that window as the fixed part of each load (docs/detection.md, "A reading with no
 * workload is the fixed load"), so the run's record starts when the reading did, not when the
 * benchmark did.
 */
final class Baseline {
  private Baseline() {}

  /** The sink, with every run record starting no later than {@code start} (unix seconds). */
  static Consumer<RecordingRecord> startingAt(double start, Consumer<RecordingRecord> sink) {
    return r -> sink.accept(startingAt(start, r));
  }

  /** A run record starting later than {@code start} moved to start there; any other record as it is. */
  static RecordingRecord startingAt(double start, RecordingRecord r) {
    return r instanceof Run run && run.start() > start ? new Run(run.run(), run.testbed(), start, run.end(), run.workload()) : r;
  }

  /** Waits the baseline out; an interrupt (Ctrl-C) ends it early and is kept for the caller. */
  static void read(int seconds) {
    try {
      Thread.sleep(seconds * 1000L);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
