package io.headroom.analyzer.detect;

import io.headroom.analyzer.data.Window;
import java.util.ArrayList;
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
 */
public record RunWindows(List<Window> windows, Map<String, String> notLoad) {
  public RunWindows {
    windows = List.copyOf(windows);
    notLoad = Map.copyOf(notLoad);
  }

  /** The windows of the contexts, with the readings that did not move with the load across them. */
  public static RunWindows across(List<Context> contexts) {
    List<Window> ws = new ArrayList<>();
    for (Context c : contexts) {
      ws.add(c.window());
    }
    return new RunWindows(ws, Unresponsive.find(contexts));
  }

  /** A window on its own: nothing to compare it with. */
  static RunWindows only(Window w) {
    return new RunWindows(List.of(w), Map.of());
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
    return new RunWindows(out, notLoad);
  }

  /** The same windows, with what was found not to be load across them. */
  public RunWindows withNotLoad(Map<String, String> found) {
    return new RunWindows(windows, found);
  }

  /** The sentence saying the entity's reading is not load, or null. */
  String notLoad(String entity) {
    return notLoad.get(entity);
  }
}
