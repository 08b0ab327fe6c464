package io.headroom.analyzer.analysis;

import io.headroom.analyzer.data.Window;
import io.headroom.analyzer.data.RunData;
import io.headroom.analyzer.detect.Context;
import io.headroom.analyzer.detect.Detector;
import io.headroom.analyzer.detect.Idle;
import io.headroom.analyzer.detect.Knee;
import io.headroom.analyzer.detect.Loads;
import io.headroom.analyzer.detect.NextLimits;
import io.headroom.analyzer.detect.Onset;
import io.headroom.analyzer.detect.OnsetSettings;
import io.headroom.analyzer.detect.PhaseDecision;
import io.headroom.analyzer.detect.RunVerdicts;
import io.headroom.analyzer.detect.RunWindows;
import io.headroom.analyzer.detect.Thresholds;
import io.headroom.model.HeadroomEntry;
import io.headroom.model.Phase;
import io.headroom.model.PhaseLatency;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Run;
import io.headroom.model.SubPhase;
import io.headroom.model.Verdict;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Turns the data of a run into its verdict: one decision per phase by the detection rules
 * (docs/detection.md), the run's verdict from its phases, the knee of a concurrency sweep, and
 * every entity's headroom over the whole run. A phase with too few readings to be judged has no
 * class and no part in the run's verdict; its headroom rows show what little was read. An entity whose readings are
 * implausible in one judged phase (its ceiling or counter wrong) is a candidate in none. A phase
 * judged NONE whose limit began inside it, and an open phase too young to be judged whole, are
 * split at the limit's onset ({@link Onset}); the verdict names the part after it (a sub-phase).
 */
public final class RunAnalyzer {
  private final Detector detector;
  private final OnsetSettings onsets;

  public RunAnalyzer() {
    this(Thresholds.defaults());
  }

  public RunAnalyzer(Thresholds thresholds) {
    this(thresholds, OnsetSettings.defaults());
  }

  public RunAnalyzer(Thresholds thresholds, OnsetSettings onsets) {
    this.detector = new Detector(thresholds);
    this.onsets = onsets.validate();
  }

  public Verdict analyze(RunData data, String runId) {
    Run run = runId == null ? null : data.runs().get(runId);
    double runEnd = run == null || run.end() == null ? Double.POSITIVE_INFINITY : run.end();
    Window whole = run == null ? Window.ALL : new Window(run.run(), run.start(), runEnd);
    List<Phase> phases = run == null ? List.of() : data.phasesOf(run.run());
    List<Window> windows = new ArrayList<>();
    List<Double> seconds = new ArrayList<>();
    for (Phase p : phases) {
      windows.add(settled(p, runEnd));
      double end = p.end() == null ? runEnd : p.end();
      seconds.add(Double.isFinite(end - p.start()) ? end - p.start() : 1.0);
    }
    if (windows.isEmpty()) {
      windows.add(whole);
      seconds.add(1.0);
    }
    List<PhaseDecision> decisions = new ArrayList<>();
    List<List<HeadroomEntry>> tables = new ArrayList<>();
    List<NextLimits.Result> nextLimits = new ArrayList<>();
    Map<Set<String>, List<Knee.Step>> sweeps = new LinkedHashMap<>();
    List<Context> contexts = new ArrayList<>();
    List<SubPhase> subPhases = new ArrayList<>();
    Set<String> distrusted = new TreeSet<>();
    for (Window w : windows) {
      Context ctx = Context.of(data, run, w, detector.thresholds());
      contexts.add(ctx);
      distrusted.addAll(Loads.implausible(ctx));
    }
    // each window is read against the others: how resources respond to the load (Queueing), and
    // readings that did not move with it (Unresponsive)
    RunWindows across = RunWindows.across(contexts, Idle.before(data, run, phases, detector.thresholds()));
    for (int i = 0; i < contexts.size(); i++) {
      // a ceiling proved wrong in one phase is wrong in all: the entity is no candidate anywhere
      Context ctx = contexts.get(i).distrusting(distrusted).within(across);
      PhaseDecision decision = detector.decide(ctx);
      Onset.Found onset = i < phases.size()
          ? Onset.find(ctx, decision, phases.get(i).end() == null && Double.isInfinite(runEnd), onsets, detector)
          : null;
      subPhases.add(onset == null ? null : onset.subPhase());
      if (onset != null) {
        // the verdict, its headroom and next limit are of the part after the onset
        ctx = onset.part();
        decision = onset.decision();
      }
      // a phase with too few readings to judge still shows what was read (the rows of entities
      // with readings in it), but is no step of a sweep
      List<HeadroomEntry> table = HeadroomCalculator.headroom(ctx);
      decisions.add(decision);
      tables.add(table);
      nextLimits.add(NextLimits.of(ctx, decision, table));
      Knee.Step step = decision.judged() ? Knee.stepOf(ctx, false) : null;
      if (step != null) {
        sweeps.computeIfAbsent(ctx.path().workloads(), k -> new ArrayList<>()).add(step);
      }
    }
    PhaseDecision verdict = RunVerdicts.combine(runId == null ? "all" : runId, decisions, seconds);
    List<String> evidence = new ArrayList<>(verdict.evidence());
    // A knee only means something across steps of the same workloads (a concurrency sweep).
    for (List<Knee.Step> sweep : sweeps.values()) {
      Knee.Result knee = Knee.find(sweep);
      if (knee != null) {
        evidence.add(knee.describe("iops"));
      }
    }
    List<PhaseVerdict> phaseVerdicts = new ArrayList<>();
    for (int i = 0; i < phases.size(); i++) {
      PhaseDecision d = decisions.get(i);
      phaseVerdicts.add(new PhaseVerdict(d.window(), d.bottleneck(), d.entity(), d.confidence(), d.reason(),
          d.evidence(), tables.get(i), d.coLimits(), d.group(), nextLimits.get(i).limit(), nextLimits.get(i).reason(),
          subPhases.get(i), PhaseLatency.ofRun(run, d.window())));
    }
    return new Verdict(runId, verdict.bottleneck(), verdict.entity(), verdict.confidence(), evidence,
        HeadroomCalculator.tightestOf(tables), phaseVerdicts);
  }

  /**
   * The phase without its first seconds (10% of it, at most 5 s): the benchmark ramps there, and
   * a reading is stamped at the end of the second it covers, so the one stamped at the phase's
   * start still belongs to the previous setting.
   */
  public static Window settled(Phase p, double runEnd) {
    double end = p.end() == null ? runEnd : p.end();
    double length = end - p.start();
    double settle = Double.isFinite(length) ? Math.min(5.0, 0.1 * length) : 1.0;
    return new Window(p.name(), p.start() + settle, end);
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
