package io.headroom.analyzer.detect;

import io.headroom.model.Metrics;
import io.headroom.model.EntityKind;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * What a person should know about but that is not the verdict: entities off the data path at
 * their ceiling (someone else's traffic), links trained below their capability, errors, and
 * readings no resource can give (its ceiling or its counter is wrong), on the path or off it. On
 * the path, degraded links and errors are flagged too, since they explain a limit.
 */
final class Bystanders {
  private Bystanders() {}

  static List<String> notes(Context ctx) {
    List<String> notes = new ArrayList<>();
    Thresholds t = ctx.thresholds();
    for (String id : new TreeSet<>(ctx.data().entityIdsWithSamples())) {
      boolean onPath = ctx.path().contains(id);
      String where = onPath ? "on the data path" : "off the data path";
      Load l = ctx.hasReadings(id) ? Load.of(ctx, id) : null;
      if (l != null && l.implausible(ctx)) {
        notes.add(l.describeImplausible(ctx) + (onPath ? "" : ", off the data path"));
      } else if (!onPath && l != null && l.pressure() >= t.atCeiling()) {
        notes.add("off the data path, not the verdict: " + l.describe());
      }
      String kind = ctx.entity(id).kind();
      String degraded = EntityKind.PCIE_LINK.equals(kind) ? Degraded.pcieTraining(ctx, id)
          : EntityKind.NET_PORT.equals(kind) ? Degraded.portSpeed(ctx, id) : null;
      if (degraded != null) {
        notes.add("degraded link " + where + ": " + id + " " + degraded + carrying(ctx, id, kind));
      }
      double errors = ctx.p95OrZero(id, Metrics.ERRORS_PER_S) + ctx.p95OrZero(id, Metrics.DISCARDS_PER_S);
      if (errors > 0) {
        notes.add("errors " + where + ": " + id + " errors+discards p95 " + Fmt.num(errors) + "/s");
      }
    }
    return notes;
  }

  /** What the link carried in the window; nothing when it has no readings there to say it. */
  private static String carrying(Context ctx, String id, String kind) {
    Load l = ctx.hasReadings(id) ? Load.of(ctx, id) : null;
    return l == null ? "" : ", carrying p95 " + Fmt.byteRate(l.value());
  }
}
