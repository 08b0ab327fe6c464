package io.headroom.analyzer.oracle;

import io.headroom.analyzer.oracle.Mva.Solution;
import io.headroom.analyzer.oracle.Mva.Station;
import io.headroom.analyzer.oracle.OracleTestbed.Part;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What limits a phase, from the solved network alone. Each resource's bound is the throughput it
 * allows at most, c / D of its tightest station (a link's busier direction); the limit is the
 * resource with the smallest bound when the phase's throughput is within AT_BOUND of it, else
 * NONE: the population (jobs x iodepth, or the LUN queue depth) cannot reach it. The next limit
 * is the resource with the next smallest bound, its gain the ratio of the two bounds; for NONE,
 * the resource with the smallest bound and its room, bound / X.
 *
 * <p>Resources whose bounds are equal (within TIE: two 32G host links and one 64G ISL carrying the
 * same I/O) are the limit alike, and a verdict naming any of them names the limit; the next limit
 * is then another of them, at a gain of 1.
 *
 * @param limit null for NONE
 * @param ties the other resources with the limit's (or for NONE the tightest) bound
 * @param next null when nothing else has a bound
 * @param share the phase's throughput over the tightest resource's bound
 * @param liftedGain for information, not judged: the throughput with the limit's stations taken out
 *     of the network at the phase's own population, over X (NaN for NONE). Below the bounds'
 *     ratio when the population cannot fill the next resource; the rules' concurrency cap
 *     (section 8) aims at it.
 */
record OracleTruth(Resource limit, List<Resource> ties, Resource next, List<Resource> nextTies, double gain, double x,
    double share, String figures, double liftedGain) {
  /**
   * Within 3% of its bound a resource is saturated: a closed network approaches its bound only
   * asymptotically, so a bottleneck with a queue runs a little below it, and 3% is about what 2%
   * reading noise on a p95 can hide (1.645 x 2%); further from it, more outstanding I/O would
   * still buy more than noise, which is what concurrency-bound means.
   */
  static final double AT_BOUND = 0.03;
  /** Bounds this close are equal: what is left of rounding in c / D. */
  static final double TIE = 1e-9;

  static OracleTruth of(OracleTestbed t, Solution s) {
    Map<Resource, Double> bounds = new LinkedHashMap<>();
    for (Part part : t.parts) {
      if (part.resource() != null) {
        bounds.merge(part.resource(), part.station().bound(), Math::min);
      }
    }
    List<Map.Entry<Resource, Double>> sorted = new ArrayList<>(bounds.entrySet());
    sorted.sort(Map.Entry.comparingByValue());
    Map.Entry<Resource, Double> first = sorted.get(0);
    Map.Entry<Resource, Double> second = sorted.size() > 1 ? sorted.get(1) : null;
    double share = s.x() / first.getValue();
    String figures = figures(t, s);
    List<Resource> ties = new ArrayList<>();
    for (Map.Entry<Resource, Double> e : sorted.subList(1, sorted.size())) {
      if (e.getValue() <= first.getValue() * (1 + TIE)) {
        ties.add(e.getKey());
      }
    }
    // resources whose bound equals the next one's are the next limit alike (two tiers of equal links)
    List<Resource> nextTies = new ArrayList<>();
    if (second != null && ties.isEmpty()) {
      for (Map.Entry<Resource, Double> e : sorted.subList(2, sorted.size())) {
        if (e.getValue() <= second.getValue() * (1 + TIE)) {
          nextTies.add(e.getKey());
        }
      }
    }
    if (share >= 1 - AT_BOUND) {
      return new OracleTruth(first.getKey(), ties, second == null ? null : second.getKey(), nextTies,
          second == null ? Double.NaN : second.getValue() / first.getValue(), s.x(), share, figures, Double.NaN);
    }
    return new OracleTruth(null, ties, first.getKey(), List.of(), first.getValue() / s.x(), s.x(), share, figures,
        Double.NaN);
  }

  OracleTruth withLiftedGain(double g) {
    return new OracleTruth(limit, ties, next, nextTies, gain, x, share, figures, g);
  }

  /** The limit and the resources tied with it (for NONE: none). */
  List<Resource> limits() {
    if (limit == null) {
      return List.of();
    }
    List<Resource> all = new ArrayList<>(List.of(limit));
    all.addAll(ties);
    return all;
  }

  /**
   * What a right next limit may name once the verdict named `named`: the next resource, or with
   * ties any tied resource but the one named (for NONE, the tightest or any tied with it).
   */
  List<Resource> nexts(String named) {
    List<Resource> all = new ArrayList<>();
    if (next != null) {
      all.add(next);
    }
    all.addAll(nextTies);
    all.addAll(ties);
    if (limit == null || ties.isEmpty()) {
      return all;
    }
    all.add(limit);
    all.removeIf(r -> r.named(named));
    return all;
  }

  /** "NONE" or the class and resource. */
  String limitName() {
    return limit == null ? "NONE" : limit.bottleneck() + " " + limit.label()
        + (ties.isEmpty() ? "" : " (tied with " + ties.stream().map(Resource::label).toList() + ")");
  }

  String nextName() {
    return next == null ? "none" : next.bottleneck() + " " + next.label();
  }

  /** The four busiest stations: utilisation, residence over demand (1: no queueing), mean queue. */
  private static String figures(OracleTestbed t, Solution s) {
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < t.parts.size(); i++) {
      if (!t.parts.get(i).station().delay()) {
        order.add(i);
      }
    }
    order.sort(Comparator.comparingDouble((Integer i) -> -s.u()[i]));
    StringBuilder out = new StringBuilder();
    for (int i : order.subList(0, Math.min(4, order.size()))) {
      Station st = t.parts.get(i).station();
      out.append(String.format(Locale.ROOT, "%s%s U=%.3f R/D=%.2f Q=%.1f c=%d", out.isEmpty() ? "" : "; ",
          st.name(), s.u()[i], s.r()[i] / st.demand(), s.q()[i], st.servers()));
    }
    return out.toString();
  }
}
