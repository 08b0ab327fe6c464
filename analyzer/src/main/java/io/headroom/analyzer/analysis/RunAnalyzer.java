package io.headroom.analyzer.analysis;

import io.headroom.analyzer.detect.Context;
import io.headroom.analyzer.detect.Detector;
import io.headroom.analyzer.detect.Knee;
import io.headroom.analyzer.detect.PhaseDecision;
import io.headroom.analyzer.detect.RunVerdicts;
import io.headroom.analyzer.detect.Thresholds;
import io.headroom.model.HeadroomEntry;
import io.headroom.model.Phase;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Run;
import io.headroom.model.Verdict;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns the data of a run into its verdict: one decision per phase by the detection rules
 * (docs/detection.md), the run's verdict from its phases, the knee of a concurrency sweep, and
 * every entity's headroom over the whole run.
 */
public final class RunAnalyzer {
  private final Detector detector;

  public RunAnalyzer() {
    this(Thresholds.defaults());
  }

  public RunAnalyzer(Thresholds thresholds) {
    this.detector = new Detector(thresholds);
  }

  public Verdict analyze(RunData data, String runId) {
    Run run = runId == null ? null : data.runs().get(runId);
    double runEnd = run == null || run.end() == null ? Double.POSITIVE_INFINITY : run.end();
    Window whole = run == null ? Window.ALL : new Window(run.run(), run.start(), runEnd);
    List<HeadroomEntry> headroom = HeadroomCalculator.headroom(data, whole);
    List<Phase> phases = run == null ? List.of() : data.phasesOf(run.run());
    List<PhaseDecision> decisions = new ArrayList<>();
    List<Double> seconds = new ArrayList<>();
    List<Knee.Step> iopsSteps = new ArrayList<>();
    List<Window> windows = new ArrayList<>();
    for (Phase p : phases) {
      windows.add(new Window(p.name(), p.start(), p.end() == null ? runEnd : p.end()));
    }
    if (windows.isEmpty()) {
      windows.add(whole);
    }
    for (Window w : windows) {
      Context ctx = Context.of(data, run, w, detector.thresholds());
      decisions.add(detector.decide(ctx));
      seconds.add(Double.isFinite(w.to() - w.from()) ? w.to() - w.from() : 1.0);
      addStep(iopsSteps, Knee.stepOf(ctx, false));
    }
    PhaseDecision verdict = RunVerdicts.combine(runId == null ? "all" : runId, decisions, seconds);
    List<String> evidence = new ArrayList<>(verdict.evidence());
    Knee.Result knee = Knee.find(iopsSteps);
    if (knee != null) {
      evidence.add(knee.describe("iops"));
    }
    List<PhaseVerdict> phaseVerdicts = new ArrayList<>();
    if (!phases.isEmpty()) {
      for (PhaseDecision d : decisions) {
        phaseVerdicts.add(new PhaseVerdict(d.window(), d.bottleneck(), d.entity(), d.confidence()));
      }
    }
    return new Verdict(runId, verdict.bottleneck(), verdict.entity(), verdict.confidence(), evidence,
        headroom, phaseVerdicts);
  }

  /** Each phase's decision with its full evidence, for reports that show per-phase evidence. */
  public List<PhaseDecision> phaseDecisions(RunData data, String runId) {
    Run run = data.runs().get(runId);
    if (run == null) {
      return List.of();
    }
    double runEnd = run.end() == null ? Double.POSITIVE_INFINITY : run.end();
    List<PhaseDecision> out = new ArrayList<>();
    for (Phase p : data.phasesOf(runId)) {
      Window w = new Window(p.name(), p.start(), p.end() == null ? runEnd : p.end());
      out.add(detector.decide(Context.of(data, run, w, detector.thresholds())));
    }
    return out;
  }

  private static void addStep(List<Knee.Step> steps, Knee.Step step) {
    if (step != null) {
      steps.add(step);
    }
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
