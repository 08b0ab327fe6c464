package io.headroom.analyzer.detect;

import io.headroom.model.Bottleneck;
import io.headroom.model.Rel;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Series: a device's latency holds the time of everything behind it. A remote volume's latency is
 * its array's (the nodes that serve it, the drives behind it), a local drive's includes its PCIe
 * link. Work waiting at a volume (its busy time, a queue, latency growing with concurrency) is work
 * waiting somewhere in what serves it, so when a resource behind it is itself saturated, that
 * resource is the limit and the volume's behaviour is its echo. A volume at its own declared spec
 * is a ceiling of its own and stays a finding.
 */
final class Behind {
  /** The relations a device's I/O goes on along: to what serves it, and to what it sits behind. */
  private static final Set<String> ONWARD = Set.of(Rel.SERVED_BY.wire(), Rel.BEHIND.wire());

  private Behind() {}

  /** The findings left once behavioural DISK findings echoed by a saturated resource behind them are dropped. */
  static List<Finding> withoutEchoes(Context ctx, List<Finding> findings) {
    Set<String> saturated = new HashSet<>();
    for (Finding f : findings) {
      // only a resource that holds its ceiling can hold the device's work: one that touched it now
      // and then (a link at 88% whose p95 reaches 90%) is no saturation, and the device's queue is its own
      if (f.bottleneck() != Bottleneck.DISK && Sustained.holds(ctx, f)) {
        saturated.add(f.entity());
        if (f.group() != null) {
          saturated.addAll(f.group().entities());
        }
      }
    }
    List<Finding> kept = new ArrayList<>();
    for (Finding f : findings) {
      boolean echo = f.bottleneck() == Bottleneck.DISK && f.load() != null && f.load().reading() == Reading.BUSY
          && servedBy(ctx, f.entity()).stream().anyMatch(saturated::contains);
      if (!echo) {
        kept.add(f);
      }
    }
    return kept;
  }

  /** Everything the device's I/O goes on to: what it is served_by or behind, transitively, and their sockets. */
  static Set<String> servedBy(Context ctx, String device) {
    return ctx.path().reachable(device, ONWARD);
  }

}
