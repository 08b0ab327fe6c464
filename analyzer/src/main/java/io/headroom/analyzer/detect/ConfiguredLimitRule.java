package io.headroom.analyzer.detect;

import io.headroom.model.Bottleneck;
import io.headroom.model.EntityKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * DISK held at a configured limit: a cgroup that serves the run's volumes (an SDS node's, the lab's
 * array) has an I/O limit on a device (a blkio throttle, an io.max line: a QoS policy), and its own
 * I/O reads at that limit. The device behind it answers fast and reads idle, since the requests
 * wait in the throttle above it; its datasheet spec did not hold because the configured limit is
 * the ceiling that applied. The verdict names the device (the disk on the path moving the limited
 * reading, its spec declared where one is) and the knob.
 */
public final class ConfiguredLimitRule implements Rule {
  @Override
  public Bottleneck bottleneck() {
    return Bottleneck.DISK;
  }

  @Override
  public Optional<Finding> evaluate(Context ctx) {
    Finding best = null;
    for (String id : ctx.path().members()) {
      for (IoLimit limit : IoLimit.of(ctx, id)) {
        Finding f = held(ctx, id, limit);
        if (f != null && (best == null || f.pressure() > best.pressure())) {
          best = f;
        }
      }
    }
    return Optional.ofNullable(best);
  }

  private static Finding held(Context ctx, String holder, IoLimit limit) {
    Thresholds t = ctx.thresholds();
    double p95 = ctx.p95(holder, limit.metric());
    if (Double.isNaN(p95) || p95 < t.atCeiling() * limit.value()) {
      return null;
    }
    String disk = limitedDisk(ctx, limit.metric(), p95);
    if (disk == null) {
      return null;
    }
    Load load = new Load(holder, Reading.DECLARED, limit.metric(), p95, limit.value(), 1.0);
    List<String> evidence = new ArrayList<>();
    evidence.add(disk + " held at a configured limit: " + holder + " " + limit.metric() + " p95 " + Fmt.num(p95)
        + " = " + Fmt.pct(load.share()) + " of its limit " + Fmt.num(limit.value()) + " on device " + limit.device()
        + " (" + limit.knob() + "); the requests wait in the limit, not at the device");
    Load spec = Load.diskSpec(ctx, disk);
    if (spec != null) {
      evidence.add(spec.describe() + ": the configured limit is the ceiling that applied, not the spec");
    }
    String latency = DiskRule.latencyNote(ctx, disk);
    if (latency != null) {
      evidence.add(latency);
    }
    evidence.add("the knob: " + limit.knob() + " of " + holder + " (" + limit.device() + " " + Fmt.num(limit.value())
        + ")");
    return new Finding(Bottleneck.DISK, disk, load.pressure(), Finding.confidenceFor(load.pressure(), t), evidence,
        Set.of(), load, null);
  }

  /**
   * The disk on the path whose own reading of the limited metric is within 10% of the limited one:
   * the device the limit holds; of several, one with a declared spec (the drive, not a volume over
   * it), else the first. Null when none moves that much.
   */
  private static String limitedDisk(Context ctx, String metric, double p95) {
    String found = null;
    for (String id : ctx.path().ofKind(EntityKind.DISK)) {
      double own = ctx.p95(id, metric);
      if (!(Math.abs(own - p95) <= 0.10 * p95)) {
        continue;
      }
      boolean spec = Load.hasSpec(ctx, id);
      if (found == null || spec) {
        found = id;
        if (spec) {
          break;
        }
      }
    }
    return found;
  }
}
