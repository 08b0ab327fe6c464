package io.headroom.analyzer.analysis;

import io.headroom.model.Bottleneck;
import io.headroom.model.HeadroomEntry;
import io.headroom.model.Phase;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Run;
import io.headroom.model.Verdict;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns the data of a run into its verdict. Until the detection rules land (issue 4) the verdict
 * is the headroom table with class NONE: it names no limit, it only shows how close each
 * resource came to its ceiling.
 */
public final class RunAnalyzer {

  public Verdict analyze(RunData data, String runId) {
    Run run = runId == null ? null : data.runs().get(runId);
    Window whole = run == null
        ? Window.ALL
        : new Window(run.run(), run.start(), run.end() == null ? Double.POSITIVE_INFINITY : run.end());
    List<HeadroomEntry> headroom = HeadroomCalculator.headroom(data, whole);
    List<PhaseVerdict> phases = new ArrayList<>();
    if (run != null) {
      for (Phase p : data.phasesOf(run.run())) {
        phases.add(new PhaseVerdict(p.name(), Bottleneck.NONE, null, 0.0));
      }
    }
    List<String> evidence = new ArrayList<>();
    if (!headroom.isEmpty()) {
      HeadroomEntry tightest = headroom.get(0);
      evidence.add(String.format("tightest: %s (%s) at %.0f%% of its ceiling (p95)",
          tightest.entity(), tightest.kind(), tightest.utilization() * 100));
    }
    return new Verdict(runId, Bottleneck.NONE, null, 0.0, evidence, headroom, phases);
  }

  /** The run to analyse when none is named: the last one declared, or none. */
  public static String defaultRun(RunData data) {
    String last = null;
    for (String id : data.runs().keySet()) {
      last = id;
    }
    return last;
  }
}
