package io.headroom.analyzer.detect;

import io.headroom.model.Metrics;
import io.headroom.model.EntityKind;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Loads of the data path's entities, for rules that set one resource against the others. */
final class PathLoads {
  private PathLoads() {}

  /**
   * Plausible loads of the path's entities of the given kinds, heaviest first (ties by id). An
   * implausible one (a reading beyond its ceiling by more than jitter) is no candidate for any
   * rule, nor the tightest of anything: Bystanders names it.
   */
  static List<Load> of(Context ctx, String... kinds) {
    List<Load> loads = new ArrayList<>();
    for (String kind : kinds) {
      for (String id : ctx.path().ofKind(kind)) {
        Load l = plausible(ctx, Load.of(ctx, id));
        if (l != null) {
          loads.add(l);
        }
      }
    }
    loads.sort(Comparator.comparingDouble(Load::pressure).reversed().thenComparing(Load::entity));
    return loads;
  }

  /**
   * The load, or null when there is none, it is implausible, or its reading did not move with the
   * load across the run's phases (Unresponsive): neither is a reading of what the resource carries.
   */
  static Load plausible(Context ctx, Load l) {
    return l == null || l.implausible(ctx) || ctx.runWindows().notLoad(l.entity()) != null ? null : l;
  }

  /**
   * Loads of the client's host CPUs, heaviest first: the path's host_cpu entities reached
   * without crossing a served_by (a storage node's machine is the array's side).
   */
  static List<Load> clientCpus(Context ctx) {
    List<Load> loads = new ArrayList<>(of(ctx, EntityKind.HOST_CPU));
    loads.removeIf(l -> !ctx.path().onClientSide(l.entity()));
    return loads;
  }

  /** The heaviest device (link, port, disk with a spec) on the path, or null. */
  static Load tightestDevice(Context ctx) {
    List<Load> loads = of(ctx, EntityKind.PCIE_LINK, EntityKind.NET_PORT, EntityKind.DISK);
    return loads.isEmpty() ? null : loads.get(0);
  }

  /**
   * Every entity on the path with a ceiling and a plausible reading, heaviest first (ties by id): the rows of the phase's
   * headroom table marked on the path, so NONE's tightest and the table agree.
   */
  static List<Load> onPath(Context ctx) {
    List<Load> loads = new ArrayList<>();
    for (String id : ctx.path().members()) {
      Load l = judged(ctx, id) ? plausible(ctx, Load.of(ctx, id)) : null;
      if (l != null && ctx.hasReadings(id)) {
        loads.add(l);
      }
    }
    loads.sort(Comparator.comparingDouble(Load::pressure).reversed().thenComparing(Load::entity));
    return loads;
  }

  /**
   * On the path and judged there: a storage node's own machine (a host_cpu reached through a
   * served_by, on which its array_cpu cgroup sits) is the array's side, judged through that
   * array_cpu, so it is neither NONE's tightest nor on the path in the headroom table (the lab's
   * array machine is busy with whatever else the machine runs; docs/detection.md, HOST_CPU).
   */
  static boolean judged(Context ctx, String id) {
    return ctx.path().contains(id)
        && !(EntityKind.HOST_CPU.equals(ctx.entity(id).kind()) && !ctx.path().onClientSide(id));
  }

  /** The heaviest entity on the path, or null when none has a ceiling. */
  static Load tightestOnPath(Context ctx) {
    List<Load> loads = onPath(ctx);
    return loads.isEmpty() ? null : loads.get(0);
  }

  /** "tightest device X (N% of its practical ceiling)", or a note that none has a ceiling. */
  static String tightestDeviceNote(Context ctx) {
    Load l = tightestDevice(ctx);
    return l == null
        ? "no device on the path has a known ceiling"
        : "tightest device " + l.describe() + " (" + Fmt.pct(l.pressure()) + " of practical)";
  }

  /** "hosts util p95 0.58" over the path's client CPUs, or null when there are none. */
  static String hostsNote(Context ctx) {
    double max = Double.NaN;
    for (String id : ctx.path().ofKind(EntityKind.HOST_CPU)) {
      double u = ctx.path().onClientSide(id) ? ctx.p95(id, Metrics.UTIL) : Double.NaN;
      if (!Double.isNaN(u) && (Double.isNaN(max) || u > max)) {
        max = u;
      }
    }
    return Double.isNaN(max) ? null : "hosts util p95 " + Fmt.frac(max);
  }

  /** "tightest port X" over the path's ports, or null without ports. */
  static String tightestPortNote(Context ctx) {
    List<Load> ports = of(ctx, EntityKind.NET_PORT);
    return ports.isEmpty() ? null : "tightest port " + ports.get(0).describe();
  }
}
