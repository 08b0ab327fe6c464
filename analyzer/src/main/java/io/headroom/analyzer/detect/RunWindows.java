package io.headroom.analyzer.detect;

import io.headroom.analyzer.data.Window;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The judged windows of one run (its phases after their ramp), so that a window can be read
 * against the others: saturation shows as a response to concurrency (latency growing while
 * throughput stays flat), which one window alone cannot show (Queueing); and a reading that stays
 * the same while throughput changes severalfold is not load (Unresponsive).
 *
 * @param windows every judged window of the run, in phase order
 * @param notLoad entities whose readings did not move with the load across the windows, each with
 *     the sentence that says so; they are no candidate in any window
 * @param offered the I/O the benchmark was configured to keep outstanding in each window (jobs x
 *     iodepth over its workloads), for the windows where it is known
 * @param contexts each window's own context, for reading an entity in another window (Demand)
 * @param idle the run's readings before its benchmark started (Idle), null when it has none
 */
public record RunWindows(List<Window> windows, Map<String, String> notLoad, Map<Window, Double> offered,
    Map<Window, Context> contexts, Context idle) {
  public RunWindows {
    windows = List.copyOf(windows);
    notLoad = Map.copyOf(notLoad);
    offered = Map.copyOf(offered);
    contexts = Map.copyOf(contexts);
  }

  /** The window's own context, null when the run's windows were not given with theirs. */
  Context context(Window w) {
    return contexts.get(w);
  }

  /** The outstanding I/O configured in the window, NaN when not known. */
  double offered(Window w) {
    Double v = offered.get(w);
    return v == null ? Double.NaN : v;
  }

  /**
   * The windows of the contexts, with the readings that did not move with the load across them.
   *
   * @param idle the run's window before its benchmark (Idle.before), or null
   */
  public static RunWindows across(List<Context> contexts, Context idle) {
    List<Window> ws = new ArrayList<>();
    Map<Window, Double> offered = new HashMap<>();
    Map<Window, Context> own = new HashMap<>();
    for (Context c : contexts) {
      ws.add(c.window());
      own.putIfAbsent(c.window(), c);
      double sum = 0;
      for (String w : c.path().workloads()) {
        sum += Concurrency.outstanding(c, w);
      }
      if (sum > 0) {
        offered.put(c.window(), sum);
      }
    }
    return new RunWindows(ws, Unresponsive.find(contexts, idle), offered, own, idle);
  }

  /** A window on its own: nothing to compare it with. */
  static RunWindows only(Window w) {
    return new RunWindows(List.of(w), Map.of(), Map.of(), Map.of(), null);
  }

  /** The same, with one window replaced by a part of it (a phase after its limit's onset). */
  RunWindows replacing(Window old, Window part) {
    List<Window> out = new ArrayList<>();
    for (Window w : windows) {
      out.add(w.equals(old) ? part : w);
    }
    if (!out.contains(part)) {
      out.add(part);
    }
    Map<Window, Double> moved = new HashMap<>(offered);
    Double was = moved.remove(old);
    if (was != null) {
      moved.put(part, was);
    }
    return new RunWindows(out, notLoad, moved, contexts, idle);
  }

  /**
   * The contexts of the run's windows (the given one's among them) whose workloads ran the same mix
   * of I/O as the given window's (OperatingPoint.sameMix): the phases a response to concurrency is
   * read across. Empty when the given window's workloads moved no I/O.
   */
  List<Context> ofMix(Context ctx) {
    List<Context> out = new ArrayList<>();
    OperatingPoint here = ctx.workloadPoint();
    for (Window w : windows) {
      Context c = contexts.get(w);
      OperatingPoint p = here == null || c == null ? null : c.workloadPoint();
      if (p != null && p.sameMix(here)) {
        out.add(c);
      }
    }
    return out;
  }

  /** The sentence saying the entity's reading is not load, or null. */
  String notLoad(String entity) {
    return notLoad.get(entity);
  }
}
