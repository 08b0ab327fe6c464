package io.headroom.analyzer.compare;

import io.headroom.analyzer.data.RunData;
import io.headroom.analyzer.data.Stats;
import io.headroom.model.Bottleneck;
import io.headroom.model.HeadroomEntry;
import io.headroom.model.Run;
import io.headroom.model.Verdict;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Run B against run A (docs/detection.md, "Comparing two runs"): the phases paired, each figure's
 * ratio B/A and whether it is beyond the noise, the limit on each side from its verdict, whether
 * it moved, and why. With one run a side a change must exceed the run-to-run noise floor (and the
 * Mann-Whitney test of its per-second samples agree); with several runs a side each run's mean is
 * one observation and Welch's t-test on them decides. The verdicts are given: the analyzers'
 * stored ones or fresh ones, as for the run report.
 */
public final class RunComparer {
  private RunComparer() {}

  /** One run of a side, with its verdict. */
  public record Input(RunData data, Verdict verdict) {}

  public static Comparison compare(RunData dataA, Verdict verdictA, RunData dataB, Verdict verdictB) {
    return compare(dataA, verdictA, dataB, verdictB, NoiseFloor.defaults());
  }

  public static Comparison compare(RunData dataA, Verdict verdictA, RunData dataB, Verdict verdictB, NoiseFloor floor) {
    return compare(List.of(new Input(dataA, verdictA)), List.of(new Input(dataB, verdictB)), floor);
  }

  /**
   * Several runs a side: the first run of each side gives the phases, their pairing and the limits;
   * the other runs contribute each matched phase of the same name (a run without it adds nothing
   * to that phase).
   */
  public static Comparison compare(List<Input> as, List<Input> bs, NoiseFloor floor) {
    if (as.isEmpty() || bs.isEmpty()) {
      throw new IllegalArgumentException("a comparison needs at least one run a side");
    }
    once(as, "A");
    once(bs, "B");
    List<List<PhaseView>> viewsA = as.stream().map(i -> PhaseView.of(i.data(), i.verdict())).toList();
    List<List<PhaseView>> viewsB = bs.stream().map(i -> PhaseView.of(i.data(), i.verdict())).toList();
    PhaseMatcher.Result match = PhaseMatcher.match(viewsA.get(0), viewsB.get(0));
    List<Comparison.PhaseComparison> phases = new ArrayList<>();
    for (PhaseMatcher.Pair pair : match.pairs()) {
      phases.add(phase(pair, same(pair.a().name, viewsA), same(pair.b().name, viewsB), floor));
    }
    Comparison.RunRef refA = ref(as);
    Comparison.RunRef refB = ref(bs);
    Comparison.Unmatched unmatched = new Comparison.Unmatched(
        match.onlyA().stream().map(p -> p.name).toList(), match.onlyB().stream().map(p -> p.name).toList());
    return new Comparison(refA, refB, phases, unmatched, Summary.of(refA, refB, phases, unmatched));
  }

  /** Each run counts once: the same run twice on a side would fake agreement between runs. */
  private static void once(List<Input> side, String which) {
    Set<String> seen = new LinkedHashSet<>();
    for (Input i : side) {
      String run = i.verdict().run();
      if (run != null && !seen.add(run)) {
        throw new IllegalArgumentException("run " + run + " is given twice for " + which
            + ": each run is one observation, so give each once");
      }
    }
  }

  /** The figures of the phase of this name in every run of a side that has it, first run first. */
  private static List<WorkloadSeconds> same(String name, List<List<PhaseView>> runs) {
    List<WorkloadSeconds> out = new ArrayList<>();
    for (List<PhaseView> run : runs) {
      run.stream().filter(p -> p.name.equals(name)).findFirst().ifPresent(p -> out.add(p.seconds));
    }
    return out;
  }

  /** One figure: a run's mean of it and its per-second samples. */
  private record Figure(ToDoubleFunction<WorkloadSeconds> mean, Function<WorkloadSeconds, double[]> samples) {}

  private static final Figure BYTES = new Figure(WorkloadSeconds::meanBytes, WorkloadSeconds::bytes);
  private static final Figure IOPS = new Figure(WorkloadSeconds::meanIops, WorkloadSeconds::iops);
  private static final Figure LATENCY = new Figure(WorkloadSeconds::meanLatency, WorkloadSeconds::latency);
  private static final Figure P99 = new Figure(WorkloadSeconds::meanP99, WorkloadSeconds::p99);

  private static Comparison.PhaseComparison phase(PhaseMatcher.Pair pair, List<WorkloadSeconds> sa,
      List<WorkloadSeconds> sb, NoiseFloor floor) {
    PhaseView a = pair.a();
    PhaseView b = pair.b();
    Comparison.Metrics metrics = new Comparison.Metrics(change(BYTES, sa, sb, floor), change(IOPS, sa, sb, floor),
        change(LATENCY, sa, sb, floor), change(P99, sa, sb, floor));
    boolean inBytes = WorkloadSeconds.inBytes(a.seconds, b.seconds);
    Figure headFigure = inBytes ? BYTES : IOPS;
    Comparison.Change main = inBytes ? metrics.throughputBytesPerS() : metrics.iops();
    Comparison.Noise noise = noise(headFigure, sa, sb, floor, main);
    boolean moved = moved(a, b);
    String name = a.name;
    String headline = main.ratio() == null ? "no workload readings to compare"
        : main.significant() ? percentChange(main.ratio()) : "~ (" + withinNoise(main, noise) + ")";
    return new Comparison.PhaseComparison(name, pair.matchedBy().equals("name") ? null : b.name,
        pair.matchedBy(), side(a, sa), side(b, sb), main.ratio(), inBytes ? "throughput_bytes_per_s" : "iops",
        main.pValue(), main.significant(), moved, metrics, Explanation.of(name, a, b, headline, moved), noise);
  }

  /** Why a change is noise: "+0.9% within the 3.5% noise floor, p=0.0006", "p=0.21 over 3 and 3 runs", "p=0.43". */
  static String withinNoise(Comparison.Change c, Comparison.Noise n) {
    if (n.basis().equals("runs")) {
      return pValue(c.pValue()) + " over " + n.runsA() + " and " + n.runsB() + " runs";
    }
    if (c.pValue() != null && MannWhitney.significant(c.pValue(), MannWhitney.ALPHA)) {
      return percentChange(c.ratio()) + " within the " + new NoiseFloor(n.floor(), n.floorFrom()).percent()
          + " noise floor, " + pValue(c.pValue());
    }
    return pValue(c.pValue());
  }

  /**
   * The limiting resource changed: the class did, or the entity and its group's members at their
   * ceiling on one side (the first {@code at_ceiling} of the group, tightest first) share none
   * with the other side's. The two nodes of an array trading first place are the same limit (both
   * at their ceiling on both sides); a fabric's host ports full, then its array ports, are not,
   * although one group lists them all.
   */
  static boolean moved(PhaseView a, PhaseView b) {
    if (a.bottleneck != b.bottleneck) {
      return true;
    }
    if (Objects.equals(a.entity, b.entity) || a.bottleneck == Bottleneck.NONE) {
      return false;
    }
    Set<String> limitA = limiting(a);
    return limiting(b).stream().noneMatch(limitA::contains);
  }

  /** The entity and its group's members at their ceiling. */
  private static Set<String> limiting(PhaseView p) {
    Set<String> out = new LinkedHashSet<>();
    if (p.entity != null) {
      out.add(p.entity);
    }
    if (p.group != null) {
      List<String> members = p.group.entities();
      out.addAll(members.subList(0, Math.max(0, Math.min(p.group.atCeiling(), members.size()))));
    }
    return out;
  }

  private static Comparison.Change change(Figure f, List<WorkloadSeconds> sa, List<WorkloadSeconds> sb, NoiseFloor floor) {
    double[] ma = means(f, sa);
    double[] mb = means(f, sb);
    if (ma.length == 0 || mb.length == 0) {
      return new Comparison.Change(null, null, false);
    }
    double meanA = Stats.mean(ma);
    double meanB = Stats.mean(mb);
    if (meanA <= 0) {
      return new Comparison.Change(null, null, false);
    }
    double ratio = meanB / meanA;
    if (ma.length > 1 && mb.length > 1) {
      double p = AcrossRuns.welchP(ma, mb);
      return new Comparison.Change(ratio, nullable(p), MannWhitney.significant(p, MannWhitney.ALPHA));
    }
    // one run a side (or one side with one): the per-second test describes the runs, the floor
    // decides, since per-second readings carry no run-to-run variance
    MannWhitney.Result r = MannWhitney.test(pooled(f, sa), pooled(f, sb));
    return new Comparison.Change(ratio, nullable(r.pValue()), r.significant() && floor.exceeded(ratio));
  }

  private static Comparison.Noise noise(Figure f, List<WorkloadSeconds> sa, List<WorkloadSeconds> sb,
      NoiseFloor floor, Comparison.Change main) {
    double[] ma = means(f, sa);
    double[] mb = means(f, sb);
    boolean runs = ma.length > 1 && mb.length > 1;
    Double spreadA = spread(ma);
    Double spreadB = spread(mb);
    boolean within = main.ratio() != null && !main.significant();
    Integer needed = null;
    if (within) {
      double delta = main.ratio() - 1;
      // relative spread of a run's mean: measured with several runs, else the floor as two standard deviations
      // (a side whose runs average zero has no relative spread: NaN, and no count of runs)
      double sd = !runs ? floor.fraction() / 2
          : spreadA == null || spreadB == null ? Double.NaN : Math.sqrt((spreadA * spreadA + spreadB * spreadB) / 2);
      needed = AcrossRuns.runsNeeded(sd, delta);
    }
    return new Comparison.Noise(runs ? "runs" : "noise_floor", floor.fraction(), floor.from(), ma.length, mb.length,
        spreadA, spreadB, within, needed);
  }

  /** Standard deviation of the run means over their mean; null with fewer than two or a zero mean. */
  private static Double spread(double[] means) {
    if (means.length < 2) {
      return null;
    }
    double m = Stats.mean(means);
    return m > 0 ? AcrossRuns.sd(means) / m : null;
  }

  /** Each run's mean of the figure, runs without it left out. */
  private static double[] means(Figure f, List<WorkloadSeconds> runs) {
    return runs.stream().mapToDouble(f.mean()).filter(v -> !Double.isNaN(v)).toArray();
  }

  /** Every run's per-second samples in one array (one run: its own). */
  private static double[] pooled(Figure f, List<WorkloadSeconds> runs) {
    return runs.stream().flatMapToDouble(s -> Arrays.stream(f.samples().apply(s))).toArray();
  }

  /** A side's figures: its runs' means averaged (one run: its own). */
  private static Comparison.Side side(PhaseView p, List<WorkloadSeconds> runs) {
    HeadroomEntry limit = p.entity == null ? null : p.onPath(p.entity);
    WorkloadSeconds s = p.seconds;
    if (runs.size() == 1) {
      return new Comparison.Side(p.name, p.bottleneck, p.entity, p.members(),
          limit == null || p.bottleneck == Bottleneck.NONE ? null : limit.utilization(),
          nullable(s.meanBytes()), nullable(s.meanIops()),
          new Comparison.Latency(nullable(s.meanLatency()), nullable(s.meanP99())), nullable(s.readShare()));
    }
    return new Comparison.Side(p.name, p.bottleneck, p.entity, p.members(),
        limit == null || p.bottleneck == Bottleneck.NONE ? null : limit.utilization(),
        averaged(BYTES, runs), averaged(IOPS, runs),
        new Comparison.Latency(averaged(LATENCY, runs), averaged(P99, runs)), nullable(s.readShare()));
  }

  private static Double averaged(Figure f, List<WorkloadSeconds> runs) {
    double[] m = means(f, runs);
    return m.length == 0 ? null : Stats.mean(m);
  }

  private static Comparison.RunRef ref(List<Input> inputs) {
    Input first = inputs.get(0);
    Verdict v = first.verdict();
    Run run = v.run() == null ? null : first.data().runs().get(v.run());
    List<String> ids = inputs.stream().map(i -> i.verdict().run() == null ? "(no run)" : i.verdict().run()).toList();
    return new Comparison.RunRef(v.run(), run == null ? null : run.testbed(), v.run() == null && ids.size() == 1 ? null : ids);
  }

  /** A ratio as a change: 1.154 is "+15%", 0.675 "-32%"; under 10% with a decimal ("+2.3%"). */
  public static String percentChange(double ratio) {
    double pct = (ratio - 1) * 100;
    return Math.abs(pct) < 10 ? String.format(Locale.ROOT, "%+.1f%%", pct)
        : String.format(Locale.ROOT, "%+.0f%%", pct);
  }

  /** "p=0.43", "p=0.012", "p=3.1e-05". */
  public static String pValue(Double p) {
    if (p == null) {
      return "p n/a";
    }
    return p >= 0.001 ? String.format(Locale.ROOT, "p=%.3g", p) : String.format(Locale.ROOT, "p=%.1e", p);
  }

  private static Double nullable(double v) {
    return Double.isNaN(v) ? null : v;
  }
}
