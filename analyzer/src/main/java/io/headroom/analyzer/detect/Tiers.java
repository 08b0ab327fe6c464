package io.headroom.analyzer.detect;

import io.headroom.model.Metrics;
import io.headroom.model.Rel;
import io.headroom.model.Relation;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Series and parallel among a limit's ports at their ceiling, where the recording says which ports
 * are cabled to which (`cabled_to`). A cable is a link: its two ends are one resource. Links of one
 * tier share the workload's data in parallel; tiers carry it in series, each all of it. When the
 * ports at their ceiling carry the data more than once over (an ISL and the array's links, both
 * full), lifting the limit lifts its own tier only: the other tier binds at about the same
 * throughput, and is the next limit at about 1.0x. Without cables, or with one tier's worth of
 * data, the group is lifted whole, as before (study S1's 32 FC ports, whose topology the recording
 * does not give).
 */
final class Tiers {
  /** Links at their ceiling carrying this many times the workload's bytes or more hold two tiers or more. */
  static final double MORE_THAN_ONE = 1.5;
  /** A link carrying this share of the workload's bytes or more is a tier of its own. */
  static final double WHOLE = 0.9;
  /** Parallel links of one tier carry shares within this factor of each other. */
  static final double ALIKE = 1.1;

  private Tiers() {}

  /**
   * The ports to lift with the limit: of the group's members at their ceiling, those on the
   * limit's own tier when the cables tell tiers apart, else all of them.
   */
  static List<String> toLift(Context ctx, String limit, List<String> atCeiling) {
    Map<String, String> cableOf = cables(ctx, atCeiling);
    NextLimits.Throughput x = NextLimits.Throughput.of(ctx);
    if (cableOf == null || !cableOf.containsKey(limit) || x == null || !x.bytes()) {
      return atCeiling;
    }
    Map<String, Double> carried = new LinkedHashMap<>();
    for (String port : atCeiling) {
      carried.merge(cableOf.get(port), busier(ctx, port), Math::max);
    }
    double total = carried.values().stream().mapToDouble(Double::doubleValue).sum();
    if (total < MORE_THAN_ONE * x.value()) {
      return atCeiling;
    }
    double own = carried.get(cableOf.get(limit));
    // a link with the whole workload on it is a tier by itself; else its tier is the links
    // carrying a like share, as many as make up the workload
    int links = own >= WHOLE * x.value() ? 1 : (int) Math.max(1, Math.round(x.value() / own));
    List<String> alike = new ArrayList<>(carried.keySet());
    alike.removeIf(c -> !near(carried.get(c), own));
    alike.sort(Comparator.comparing((String c) -> !c.equals(cableOf.get(limit)))
        .thenComparingDouble(c -> Math.abs(carried.get(c) - own)));
    Set<String> tier = Set.copyOf(alike.subList(0, Math.min(links, alike.size())));
    return atCeiling.stream().filter(p -> tier.contains(cableOf.get(p))).toList();
  }

  private static boolean near(double a, double b) {
    return Math.max(a, b) <= ALIKE * Math.min(a, b);
  }

  /** The port's busier direction, mean bytes/s. */
  private static double busier(Context ctx, String port) {
    return Math.max(ctx.meanOrZero(port, Metrics.RX_BYTES_PER_S), ctx.meanOrZero(port, Metrics.TX_BYTES_PER_S));
  }

  /** Each port's cable (its two ends' ids, sorted), null when any of them is cabled to nothing. */
  private static Map<String, String> cables(Context ctx, List<String> ports) {
    Map<String, String> peer = new HashMap<>();
    for (Relation r : ctx.data().relations()) {
      if (Rel.CABLED_TO.wire().equals(r.rel())) {
        peer.put(r.from(), r.to());
        peer.put(r.to(), r.from());
      }
    }
    Map<String, String> out = new HashMap<>();
    for (String port : ports) {
      String other = peer.get(port);
      if (other == null) {
        return null;
      }
      out.put(port, port.compareTo(other) < 0 ? port + '\0' + other : other + '\0' + port);
    }
    return out;
  }
}
