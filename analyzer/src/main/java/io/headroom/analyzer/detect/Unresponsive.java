package io.headroom.analyzer.detect;

import io.headroom.model.EntityKind;
import io.headroom.model.Metrics;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A reading that does not move with load is not load. A poll-mode target (SPDK, a DPDK NVMe-oF
 * target) spins its cores at 100% whatever it serves; a CPU reading full in phases of the same kind
 * of I/O whose throughput differs severalfold cannot be what limits them all, since the work it
 * does per I/O is the same and the I/Os are not. Such an entity is no candidate in any window of
 * the run, and the evidence says why.
 */
final class Unresponsive {
  /** Throughput across windows of one mix differing by this factor or more is a change of load. */
  static final double LOAD_CHANGE = 3.0;
  /** A utilisation whose p95 moves by no more than this across those windows is flat. */
  static final double FLAT_SPREAD = 0.05;

  private static final Set<String> CPU_KINDS =
      Set.of(EntityKind.HOST_CPU, EntityKind.CPU_SOCKET, EntityKind.ARRAY_CPU, EntityKind.CPU);

  private Unresponsive() {}

  /**
   * The CPUs whose readings stayed full and flat while the load changed, each with its sentence:
   * across phases of one mix whose throughput differs LOAD_CHANGE times, or between the reading
   * before the run (Idle: no workload at all) and every judged phase.
   *
   * @param idle the run's window before its benchmark, or null
   */
  static Map<String, String> find(List<Context> windows, Context idle) {
    List<Context> judged = new ArrayList<>();
    for (Context c : windows) {
      if (Coverage.unjudged(c) == null && c.workloadPoint() != null) {
        judged.add(c);
      }
    }
    Map<String, String> out = acrossPhases(judged);
    if (idle != null && !judged.isEmpty()) {
      for (String id : cpus(judged)) {
        String flat = out.containsKey(id) ? null : fullWithoutWorkload(judged, idle, id);
        if (flat != null) {
          out.put(id, flat);
        }
      }
    }
    return out;
  }

  /**
   * The sentence for a CPU full before the run, with no workload, and full within FLAT_SPREAD of
   * that in every judged phase; else null. No I/O and the run's I/O read alike: the reading is not
   * the I/O's.
   */
  private static String fullWithoutWorkload(List<Context> judged, Context idle, String id) {
    double before = idle.p95(id, Metrics.UTIL);
    double[] range = p95Range(judged, id);
    if (Double.isNaN(before) || range == null
        || !fullAndFlat(Math.min(range[0], before), Math.max(range[1], before), idle.thresholds())) {
      return null;
    }
    return "a reading that does not move with load is not load: " + id + " util p95 " + Fmt.frac(before) + " "
        + Idle.NAME + ", with no workload, and " + Fmt.frac(range[0]) + " to " + Fmt.frac(range[1]) + " in the run's "
        + judged.size() + " phase" + (judged.size() == 1 ? "" : "s") + "; its cores read full at any load (a"
        + " poll-mode target), so it is no candidate";
  }

  /** The CPUs whose readings stayed full and flat across judged phases whose throughput changed. */
  private static Map<String, String> acrossPhases(List<Context> judged) {
    Map<String, String> out = new LinkedHashMap<>();
    for (List<Context> mix : byMix(judged)) {
      if (mix.size() < 2) {
        continue;
      }
      double least = Double.POSITIVE_INFINITY;
      double most = 0;
      for (Context c : mix) {
        double x = c.workloadPoint().iops();
        least = Math.min(least, x);
        most = Math.max(most, x);
      }
      if (most < LOAD_CHANGE * least) {
        continue;
      }
      for (String id : cpus(mix)) {
        String flat = flat(mix, id, least, most);
        if (flat != null) {
          out.putIfAbsent(id, flat);
        }
      }
    }
    return out;
  }

  /** The sentence for a CPU full and flat in every window of the mix, else null. */
  private static String flat(List<Context> mix, String id, double least, double most) {
    double[] range = p95Range(mix, id);
    if (range == null || !fullAndFlat(range[0], range[1], mix.get(0).thresholds())) {
      return null;
    }
    return "a reading that does not move with load is not load: " + id + " util p95 " + Fmt.frac(range[0]) + " to "
        + Fmt.frac(range[1]) + " in " + mix.size() + " phases of the same I/O whose throughput ranged "
        + Fmt.trim(most / least, 1) + "x (" + Fmt.iops(least) + " to " + Fmt.iops(most)
        + "); its cores read full at any load (a poll-mode target), so it is no candidate";
  }

  /** Util p95s from low to high that are all full (cpuBusy or above) and apart by FLAT_SPREAD at most. */
  private static boolean fullAndFlat(double low, double high, Thresholds t) {
    return low >= t.cpuBusy() && high - low <= FLAT_SPREAD;
  }

  /** The lowest and highest util p95 of the CPU over the windows; null when a window has none. */
  private static double[] p95Range(List<Context> windows, String id) {
    double low = Double.POSITIVE_INFINITY;
    double high = 0;
    for (Context c : windows) {
      double u = c.p95(id, Metrics.UTIL);
      if (Double.isNaN(u)) {
        return null;
      }
      low = Math.min(low, u);
      high = Math.max(high, u);
    }
    return new double[] {low, high};
  }

  /** CPUs with util readings on the path of any of the windows. */
  private static Set<String> cpus(List<Context> mix) {
    Set<String> ids = new TreeSet<>();
    for (Context c : mix) {
      for (String id : c.path().members()) {
        if (CPU_KINDS.contains(c.entity(id).kind()) && c.has(id, Metrics.UTIL)) {
          ids.add(id);
        }
      }
    }
    return ids;
  }

  /** The windows grouped by the workloads' mix of I/O (OperatingPoint.sameMix), in order. */
  private static List<List<Context>> byMix(List<Context> judged) {
    List<List<Context>> groups = new ArrayList<>();
    for (Context c : judged) {
      List<Context> home = null;
      for (List<Context> g : groups) {
        if (g.get(0).workloadPoint().sameMix(c.workloadPoint())) {
          home = g;
          break;
        }
      }
      if (home == null) {
        home = new ArrayList<>();
        groups.add(home);
      }
      home.add(c);
    }
    return groups;
  }

  /** The sentences for the window's path entities found not to be load. */
  static List<String> notes(Context ctx) {
    List<String> notes = new ArrayList<>();
    for (Map.Entry<String, String> e : ctx.runWindows().notLoad().entrySet()) {
      if (ctx.path().contains(e.getKey())) {
        notes.add(e.getValue());
      }
    }
    return notes;
  }
}
