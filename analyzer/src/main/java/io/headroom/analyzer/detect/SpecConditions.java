package io.headroom.analyzer.detect;

import io.headroom.model.Metrics;
import java.util.ArrayList;
import java.util.List;

/**
 * Why a device's spec did not hold in a window: the conditions it ran under that a datasheet's
 * figure (usually 4 KiB random reads, fresh out of the box) does not cover, and any throttle signal
 * it reported.
 */
final class SpecConditions {
  private SpecConditions() {}

  /** "the spec did not hold under this phase's conditions: 100% writes, 4 kB per I/O". */
  static String describe(Context ctx, String id) {
    List<String> why = new ArrayList<>();
    double reads = ctx.meanOrZero(id, Metrics.READ_IOPS);
    double writes = ctx.meanOrZero(id, Metrics.WRITE_IOPS);
    if (reads + writes > 0) {
      why.add(Fmt.pct(writes / (reads + writes)) + " writes");
      double bytes = ctx.meanOrZero(id, Metrics.READ_BYTES_PER_S) + ctx.meanOrZero(id, Metrics.WRITE_BYTES_PER_S);
      if (bytes > 0) {
        why.add(Fmt.byteSize(bytes / (reads + writes)) + " per I/O");
      }
    }
    for (String metric : ctx.data().seriesOf(id).keySet()) {
      // a drive's or a cgroup's throttle counter: the device held back on purpose (heat, a policy)
      if (metric.contains("throttl") && ctx.p95OrZero(id, metric) > 0) {
        why.add("throttle signal " + metric + " p95 " + Fmt.num(ctx.p95OrZero(id, metric)));
      }
    }
    return "the spec did not hold under this phase's conditions" + (why.isEmpty() ? "" : ": " + String.join(", ", why));
  }
}
