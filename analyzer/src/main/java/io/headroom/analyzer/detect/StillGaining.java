package io.headroom.analyzer.detect;

/**
 * Saturation is throughput that stays flat while more concurrency only adds latency. A phase whose
 * run has another phase of the same mix, offered at least 1.5 times its outstanding I/O, that moved
 * more than STILL_GAINS more throughput was not held by any resource: more concurrency still bought
 * throughput, so whatever read near its ceiling there had room, and the phase is concurrency-bound.
 */
final class StillGaining {
  /**
   * More throughput than this share, for 1.5x the outstanding I/O or more, is a gain and not noise:
   * phases of one run are minutes apart on the same testbed, and a phase mean of 2%-noisy readings
   * moves by a fraction of a percent, so 5% leaves room for drift between phases too.
   */
  static final double STILL_GAINS = 0.05;

  private StillGaining() {}

  /** The sentence saying so, or null when no phase of the run shows it. */
  static String note(Context ctx) {
    OperatingPoint here = ctx.workloadPoint();
    double offered = ctx.runWindows().offered(ctx.window());
    if (here == null || !(offered > 0)) {
      return null;
    }
    for (Context c : ctx.runWindows().ofMix(ctx)) {
      OperatingPoint p = c.workloadPoint();
      double more = ctx.runWindows().offered(c.window());
      if (more >= Queueing.MORE * offered && p.iops() > (1 + STILL_GAINS) * here.iops()) {
        return "more concurrency still bought throughput: phase " + c.window().name() + " offered " + Fmt.num(more)
            + " outstanding I/Os against " + Fmt.num(offered) + " here and moved " + Fmt.iops(p.iops()) + " against "
            + Fmt.iops(here.iops()) + " (+" + Fmt.pct(p.iops() / here.iops() - 1) + "): nothing held this phase at a"
            + " ceiling, whatever read near one";
      }
    }
    return null;
  }
}
