package io.headroom.analyzer.compare;

import io.headroom.analyzer.data.RunData;
import io.headroom.model.Bottleneck;
import io.headroom.model.HeadroomEntry;
import io.headroom.model.Run;
import io.headroom.model.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Run B against run A (docs/detection.md, "Comparing two runs"): the phases paired, each figure's
 * ratio B/A with the Mann-Whitney test of its per-second samples, the limit on each side from its
 * verdict, whether it moved, and why. The verdicts are given: the analyzers' stored ones or
 * fresh ones, as for the run report.
 */
public final class RunComparer {
  private RunComparer() {}

  public static Comparison compare(RunData dataA, Verdict verdictA, RunData dataB, Verdict verdictB) {
    List<PhaseView> a = PhaseView.of(dataA, verdictA);
    List<PhaseView> b = PhaseView.of(dataB, verdictB);
    PhaseMatcher.Result match = PhaseMatcher.match(a, b);
    List<Comparison.PhaseComparison> phases = new ArrayList<>();
    for (PhaseMatcher.Pair pair : match.pairs()) {
      phases.add(phase(pair));
    }
    Comparison.RunRef refA = ref(dataA, verdictA);
    Comparison.RunRef refB = ref(dataB, verdictB);
    Comparison.Unmatched unmatched = new Comparison.Unmatched(
        match.onlyA().stream().map(p -> p.name).toList(), match.onlyB().stream().map(p -> p.name).toList());
    return new Comparison(refA, refB, phases, unmatched, Summary.of(refA, refB, phases, unmatched));
  }

  private static Comparison.PhaseComparison phase(PhaseMatcher.Pair pair) {
    PhaseView a = pair.a();
    PhaseView b = pair.b();
    WorkloadSeconds sa = a.seconds;
    WorkloadSeconds sb = b.seconds;
    Comparison.Metrics metrics = new Comparison.Metrics(
        change(sa.meanBytes(), sb.meanBytes(), sa.bytes(), sb.bytes()),
        change(sa.meanIops(), sb.meanIops(), sa.iops(), sb.iops()),
        change(sa.meanLatency(), sb.meanLatency(), sa.latency(), sb.latency()),
        change(sa.meanP99(), sb.meanP99(), sa.p99(), sb.p99()));
    boolean inBytes = WorkloadSeconds.inBytes(sa, sb);
    Comparison.Change main = inBytes ? metrics.throughputBytesPerS() : metrics.iops();
    boolean moved = moved(a, b);
    String name = a.name;
    String headline = main.ratio() == null ? "no workload readings to compare"
        : main.significant() ? percentChange(main.ratio()) : "~ (" + pValue(main.pValue()) + ")";
    return new Comparison.PhaseComparison(name, pair.matchedBy().equals("name") ? null : b.name,
        pair.matchedBy(), side(a), side(b), main.ratio(), inBytes ? "throughput_bytes_per_s" : "iops",
        main.pValue(), main.significant(), moved, metrics, Explanation.of(name, a, b, headline, moved));
  }

  /**
   * The class changed, or the entity did to one that is not a member of the other side's group
   * (the two nodes of an array trading first place between runs are the same limit).
   */
  static boolean moved(PhaseView a, PhaseView b) {
    if (a.bottleneck != b.bottleneck) {
      return true;
    }
    if (Objects.equals(a.entity, b.entity) || a.bottleneck == Bottleneck.NONE) {
      return false;
    }
    return !a.members().contains(b.entity) && !b.members().contains(a.entity);
  }

  private static Comparison.Change change(double meanA, double meanB, double[] a, double[] b) {
    if (Double.isNaN(meanA) || Double.isNaN(meanB) || meanA <= 0) {
      return new Comparison.Change(null, null, false);
    }
    MannWhitney.Result r = MannWhitney.test(a, b);
    return new Comparison.Change(meanB / meanA, nullable(r.pValue()), r.significant());
  }

  private static Comparison.Side side(PhaseView p) {
    HeadroomEntry limit = p.entity == null ? null : p.onPath(p.entity);
    WorkloadSeconds s = p.seconds;
    return new Comparison.Side(p.name, p.bottleneck, p.entity, p.members(),
        limit == null || p.bottleneck == Bottleneck.NONE ? null : limit.utilization(),
        nullable(s.meanBytes()), nullable(s.meanIops()),
        new Comparison.Latency(nullable(s.meanLatency()), nullable(s.meanP99())), nullable(s.readShare()));
  }

  private static Comparison.RunRef ref(RunData data, Verdict v) {
    Run run = v.run() == null ? null : data.runs().get(v.run());
    return new Comparison.RunRef(v.run(), run == null ? null : run.testbed());
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
