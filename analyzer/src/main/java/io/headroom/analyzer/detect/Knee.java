package io.headroom.analyzer.detect;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The knee of a concurrency sweep by Kneedle (Satopaa et al., 2011) over log2 of the outstanding
 * I/O: normalise both axes to 0..1 and take the step furthest above the diagonal. Past the knee
 * more concurrency buys little throughput and only adds latency: something saturated there.
 */
public final class Knee {
  /** One step of a sweep. */
  public record Step(String name, double outstanding, double throughput) {}

  /** The knee step and how much throughput the steps after it added, as a fraction. */
  public record Result(Step knee, double gainAfter) {
    public String describe(String unit) {
      return String.format(Locale.ROOT, "knee of the concurrency sweep at %s (%,.0f outstanding I/O,"
          + " %s): later steps add %s", knee.name(), knee.outstanding(),
          unit.equals("bytes") ? Fmt.byteRate(knee.throughput()) : Fmt.iops(knee.throughput()),
          Fmt.pct(gainAfter));
    }
  }

  private Knee() {}

  /** Null with fewer than three distinct concurrency steps or no curvature above the diagonal. */
  public static Result find(List<Step> steps) {
    List<Step> sorted = new ArrayList<>();
    for (Step s : steps) {
      if (s.outstanding() > 0 && Double.isFinite(s.throughput())) {
        sorted.add(s);
      }
    }
    sorted.sort(Comparator.comparingDouble(Step::outstanding));
    if (sorted.size() < 3 || sorted.get(0).outstanding() == sorted.get(sorted.size() - 1).outstanding()) {
      return null;
    }
    double x0 = log2(sorted.get(0).outstanding());
    double x1 = log2(sorted.get(sorted.size() - 1).outstanding());
    double y0 = Double.POSITIVE_INFINITY;
    double y1 = Double.NEGATIVE_INFINITY;
    for (Step s : sorted) {
      y0 = Math.min(y0, s.throughput());
      y1 = Math.max(y1, s.throughput());
    }
    if (!(y1 > y0)) {
      return null;
    }
    int best = -1;
    double bestDiff = 0;
    for (int i = 0; i < sorted.size(); i++) {
      Step s = sorted.get(i);
      double diff = (s.throughput() - y0) / (y1 - y0) - (log2(s.outstanding()) - x0) / (x1 - x0);
      if (diff > bestDiff) {
        bestDiff = diff;
        best = i;
      }
    }
    if (best < 0) {
      return null;
    }
    Step knee = sorted.get(best);
    double last = sorted.get(sorted.size() - 1).throughput();
    return new Result(knee, last / knee.throughput() - 1);
  }

  /**
   * The window as a sweep step: total outstanding I/O of its workloads and their mean IOPS (bytes/s
   * when {@code bytes}); null when the concurrency is not known.
   */
  public static Step stepOf(Context ctx, boolean bytes) {
    double outstanding = 0;
    for (String w : ctx.path().workloads()) {
      outstanding += Concurrency.outstanding(ctx, w);
    }
    if (!(outstanding > 0)) {
      return null;
    }
    double[] tp = bytes ? WorkloadSignals.bytes(ctx) : WorkloadSignals.iops(ctx);
    return tp.length == 0 ? null : new Step(ctx.window().name(), outstanding, WorkloadSignals.mean(tp));
  }

  private static double log2(double v) {
    return Math.log(v) / Math.log(2);
  }
}
