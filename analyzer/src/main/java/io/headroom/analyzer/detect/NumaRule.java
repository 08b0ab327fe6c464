package io.headroom.analyzer.detect;

import io.headroom.model.Metrics;
import io.headroom.model.Bottleneck;
import io.headroom.model.EntityKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * NUMA: the benchmark's threads run on one node while the devices they drive hang off another,
 * so every I/O crosses the socket interconnect (study S4, direct NVMe untuned). Told by three
 * signals: devices on a socket the workload is not pinned to, a high remote-access ratio on the
 * workload's sockets, and work piled on one socket while the other idles. A remote-access ratio
 * is required, and one of the other two: misplacement with nothing remote is harmless, and a
 * full socket with its devices local is HOST_CPU.
 *
 * <p>Its pressure is the at-ceiling threshold: a device that is itself at its ceiling outranks a
 * placement problem, while a socket filled by misplaced work (HOST_CPU) is explained by it.
 */
public final class NumaRule implements Rule {
  @Override
  public Bottleneck bottleneck() {
    return Bottleneck.NUMA;
  }

  @Override
  public Optional<Finding> evaluate(Context ctx) {
    Thresholds t = ctx.thresholds();
    Set<String> pinned = ctx.path().workloadSockets();
    Set<String> sockets = new TreeSet<>(pinned);
    if (sockets.isEmpty()) {
      for (String host : ctx.path().ofKind(EntityKind.HOST_CPU)) {
        sockets.addAll(ctx.path().socketsOfHost(host));
      }
    }
    String remoteSocket = null;
    double remote = Double.NaN;
    for (String s : sockets) {
      double r = ctx.mean(s, Metrics.REMOTE_ACCESS_RATIO);
      if (!Double.isNaN(r) && (Double.isNaN(remote) || r > remote)) {
        remote = r;
        remoteSocket = s;
      }
    }
    if (remoteSocket == null || remote < t.remoteAccess()) {
      return Optional.empty();
    }
    List<String> misplaced = new ArrayList<>();
    int devices = 0;
    Set<String> all = new TreeSet<>(sockets);
    for (String kind : List.of(EntityKind.PCIE_LINK, EntityKind.NET_PORT)) {
      for (String d : ctx.path().ofKind(kind)) {
        String socket = ctx.path().socketOf(d);
        if (socket == null) {
          continue;
        }
        devices++;
        all.add(socket);
        if (!pinned.isEmpty() && !pinned.contains(socket)) {
          misplaced.add(d);
        }
      }
    }
    Spread spread = Spread.of(ctx, all);
    boolean imbalanced = spread != null && spread.gap() >= t.socketImbalance();
    if (misplaced.isEmpty() && !imbalanced) {
      return Optional.empty();
    }
    List<String> evidence = new ArrayList<>();
    evidence.add(remoteSocket + " remote_access_ratio mean " + Fmt.frac(remote)
        + " (costly from " + Fmt.frac(t.remoteAccess()) + ")");
    if (!pinned.isEmpty()) {
      evidence.add("workload pinned to " + String.join(", ", pinned) + "; " + misplaced.size()
          + " of " + devices + " devices on the path on another socket"
          + (misplaced.isEmpty() ? "" : " (" + String.join(", ", misplaced) + ")"));
    }
    if (spread != null) {
      evidence.add(spread.describe());
    }
    double confidence = 0.55 + 0.25 * Math.min(1, remote / (2 * t.remoteAccess()))
        + (misplaced.isEmpty() ? 0 : 0.1) + (imbalanced ? 0.05 : 0);
    return Optional.of(new Finding(Bottleneck.NUMA, remoteSocket, t.atCeiling(), confidence,
        evidence, Set.of(Bottleneck.HOST_CPU), null, null));
  }

  /** Busiest and idlest socket by util p95; a socket with an implausible util is left out. */
  record Spread(String busiest, double high, String idlest, double low) {
    static Spread of(Context ctx, Set<String> sockets) {
      Spread s = null;
      for (String id : sockets) {
        double u = ctx.p95(id, Metrics.UTIL);
        if (Double.isNaN(u) || u > ctx.thresholds().implausibleUtil() || ctx.distrusted(id)) {
          continue;
        }
        if (s == null) {
          s = new Spread(id, u, id, u);
        } else if (u > s.high) {
          s = new Spread(id, u, s.idlest, s.low);
        } else if (u < s.low) {
          s = new Spread(s.busiest, s.high, id, u);
        }
      }
      return s == null || s.busiest.equals(s.idlest) ? null : s;
    }

    double gap() {
      return high - low;
    }

    String describe() {
      return "socket util p95: " + busiest + " " + Fmt.frac(high) + ", " + idlest + " "
          + Fmt.frac(low) + " (gap " + Fmt.frac(gap()) + ")";
    }
  }
}
