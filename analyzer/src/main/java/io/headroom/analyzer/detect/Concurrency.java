package io.headroom.analyzer.detect;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How many I/Os a workload was asked to keep outstanding (jobs x iodepth) in a window. Read from,
 * in order: the workload's own numjobs and iodepth samples (a sweep changes them per phase), its
 * attrs, a phase name like "8T/32Q" (threads x queue depth, the studies' naming), the run's
 * declared workload.
 */
final class Concurrency {
  private static final Pattern THREADS_QUEUE = Pattern.compile("(\\d+)T/(\\d+)Q");

  private Concurrency() {}

  /**
   * Outstanding I/O of the workload, NaN when nothing says. A workload entity that says how many
   * jobs it stands for ({@code jobs}: 1 for one fio clone, numjobs for a group_reporting entry)
   * is taken at its word; numjobs alone is the section's, shared by all its clones.
   */
  static double outstanding(Context ctx, String workload) {
    double own = ctx.attrNumber(workload, "jobs");
    double jobs = Double.isNaN(own) ? find(ctx, workload, "numjobs", 1) : own;
    double depth = find(ctx, workload, "iodepth", 2);
    return jobs * depth;
  }

  /**
   * The knob that sets the outstanding I/O, as a benchmark user would turn it: "numjobs 8 x iodepth
   * 32" for one workload, "numjobs x iodepth of 4 workloads" for several.
   */
  static String knob(Context ctx) {
    if (ctx.path().workloads().size() != 1) {
      return "numjobs x iodepth of " + ctx.path().workloads().size() + " workloads";
    }
    String w = ctx.path().workloads().iterator().next();
    double own = ctx.attrNumber(w, "jobs");
    double jobs = Double.isNaN(own) ? find(ctx, w, "numjobs", 1) : own;
    return "numjobs " + Fmt.num(jobs) + " x iodepth " + Fmt.num(find(ctx, w, "iodepth", 2));
  }

  private static double find(Context ctx, String workload, String name, int group) {
    double v = ctx.mean(workload, name);
    if (!Double.isNaN(v)) {
      return v;
    }
    v = ctx.attrNumber(workload, name);
    if (!Double.isNaN(v)) {
      return v;
    }
    Matcher m = THREADS_QUEUE.matcher(ctx.window().name());
    if (m.find()) {
      return Double.parseDouble(m.group(group));
    }
    if (ctx.run() != null) {
      Map<String, Object> declared = ctx.run().workload();
      if (declared.get(name) instanceof Number n) {
        return n.doubleValue();
      }
    }
    return Double.NaN;
  }
}
