package io.headroom.analyzer.compare;

import io.headroom.analyzer.analysis.HeadroomCalculator;
import io.headroom.analyzer.analysis.RunAnalyzer;
import io.headroom.analyzer.data.RunData;
import io.headroom.analyzer.data.Window;
import io.headroom.analyzer.detect.Context;
import io.headroom.analyzer.detect.Thresholds;
import io.headroom.model.Bottleneck;
import io.headroom.model.HeadroomEntry;
import io.headroom.model.LimitGroup;
import io.headroom.model.Phase;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Run;
import io.headroom.model.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One phase of one side, ready to be compared: its judged window (the same settled window the
 * verdict was given on), its verdict, its headroom rows and its workloads' per-second figures.
 */
final class PhaseView {
  /** The name a run without phases is compared under: the whole run is its one phase. */
  static final String WHOLE_RUN = "(whole run)";

  final String name;
  final Context ctx;
  final WorkloadSeconds seconds;
  final Bottleneck bottleneck;
  final String entity;
  final LimitGroup group;
  final List<HeadroomEntry> headroom;

  private PhaseView(String name, Context ctx, Bottleneck bottleneck, String entity, LimitGroup group,
      List<HeadroomEntry> headroom) {
    this.name = name;
    this.ctx = ctx;
    this.seconds = WorkloadSeconds.of(ctx.data(), ctx.window(), ctx.path().workloads());
    this.bottleneck = bottleneck;
    this.entity = entity;
    this.group = group;
    // a verdict stored before phases had headroom tables: the table from the data, as analyze makes it
    this.headroom = headroom.isEmpty() ? HeadroomCalculator.headroom(ctx) : headroom;
  }

  /** Every phase of the verdict's run, in the run's order; the whole run when it has none. */
  static List<PhaseView> of(RunData data, Verdict verdict) {
    Run run = verdict.run() == null ? null : data.runs().get(verdict.run());
    List<Phase> phases = run == null ? List.of() : data.phasesOf(run.run());
    double runEnd = run == null || run.end() == null ? Double.POSITIVE_INFINITY : run.end();
    List<PhaseView> out = new ArrayList<>();
    for (Phase p : phases) {
      PhaseVerdict pv = verdict.phases().stream().filter(v -> v.name().equals(p.name())).findFirst()
          .orElseThrow(() -> new IllegalArgumentException("the verdict of run " + verdict.run()
              + " has no phase \"" + p.name() + "\": judge the run again with all its phases"));
      Context ctx = Context.of(data, run, RunAnalyzer.settled(p, runEnd), Thresholds.defaults());
      out.add(new PhaseView(p.name(), ctx, pv.bottleneck(), pv.entity(), pv.group(), pv.headroom()));
    }
    if (out.isEmpty()) {
      Window whole = run == null ? Window.ALL : new Window(run.run(), run.start(), runEnd);
      Context ctx = Context.of(data, run, whole, Thresholds.defaults());
      out.add(new PhaseView(WHOLE_RUN, ctx, verdict.bottleneck(), verdict.entity(), null, verdict.headroom()));
    }
    return out;
  }

  /** The limit's group members, tightest first; empty without a group. */
  List<String> members() {
    return group == null ? List.of() : group.entities();
  }

  /** The headroom row of an entity on this phase's data path; null when it has none there. */
  HeadroomEntry onPath(String id) {
    for (HeadroomEntry h : headroom) {
      if (h.entity().equals(id) && h.onPath()) {
        return h;
      }
    }
    return null;
  }

  /**
   * What the phase's workloads were set to do: their declared attributes (job count, queue
   * depth, tool, ...) and the mix they moved (read share to 5%, block size to a power of two).
   * Two phases with the same signature ran the same workload, whatever they were called.
   * Empty when the phase has no workload readings: nothing to match by.
   */
  Map<String, String> signature() {
    Map<String, String> sig = new TreeMap<>();
    double share = seconds.readShare();
    if (Double.isNaN(share)) {
      return sig;
    }
    for (String w : ctx.path().workloads()) {
      ctx.entity(w).attrs().forEach((k, v) -> sig.merge(k, String.valueOf(v), (x, y) -> x + "," + y));
    }
    sig.put("read_share", String.valueOf(Math.round(share * 20) * 5) + "%");
    double bs = seconds.blockSize();
    if (!Double.isNaN(bs)) {
      sig.put("block_size", String.valueOf(Math.round(Math.log(bs) / Math.log(2))));
    }
    return sig;
  }
}
