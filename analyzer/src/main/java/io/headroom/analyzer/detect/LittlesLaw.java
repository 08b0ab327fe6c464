package io.headroom.analyzer.detect;

import io.headroom.model.Metrics;
import java.util.Locale;

/**
 * Little's law for the window's workloads: I/O in flight = IOPS x mean latency. Set against the
 * I/O the benchmark was asked to keep outstanding (jobs x iodepth) it tells a submission-side
 * limit (the host could not keep its queues full) from a device-side one (queues full, each
 * request waiting longer).
 *
 * @param outstanding sum over workloads of jobs x iodepth
 * @param inFlight sum over workloads of IOPS x mean latency
 */
public record LittlesLaw(double outstanding, double inFlight) {

  /** For the window's workloads; null when any lacks IOPS, latency or a known concurrency. */
  static LittlesLaw of(Context ctx) {
    double outstanding = 0;
    double inFlight = 0;
    for (String w : ctx.path().workloads()) {
      double conc = Concurrency.outstanding(ctx, w);
      double r = ctx.meanOrZero(w, Metrics.READ_IOPS);
      double wr = ctx.meanOrZero(w, Metrics.WRITE_IOPS);
      double latency = (r * ctx.meanOrZero(w, Metrics.READ_LATENCY_S) + wr * ctx.meanOrZero(w, Metrics.WRITE_LATENCY_S));
      if (Double.isNaN(conc) || r + wr <= 0 || latency <= 0) {
        return null;
      }
      outstanding += conc;
      inFlight += latency;
    }
    return outstanding > 0 ? new LittlesLaw(outstanding, inFlight) : null;
  }

  public double ratio() {
    return inFlight / outstanding;
  }

  /** True when the benchmark kept (nearly) all its requested I/O in flight. */
  public boolean queuesFull(Thresholds t) {
    return ratio() >= t.littleFull();
  }

  public String describe(Thresholds t) {
    String head = String.format(Locale.ROOT, "Little's law: IOPS x mean latency = %,.0f of %,.0f"
        + " outstanding I/O (%s)", inFlight, outstanding, Fmt.pct(ratio()));
    return head + (queuesFull(t)
        ? ": queues kept full, so each I/O's time went to serving it (the device, the path, or"
            + " the CPU work of the I/O stack), not to waiting for submission"
        : ": the submitting side could not keep its queues full");
  }
}
