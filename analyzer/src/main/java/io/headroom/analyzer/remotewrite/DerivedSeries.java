package io.headroom.analyzer.remotewrite;

import io.headroom.remotewrite.Readings;
import io.headroom.remotewrite.TimeSeries;
import io.headroom.model.HeadroomEntry;
import io.headroom.model.Phase;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Verdict;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A run's phases and verdicts as series a Grafana panel draws (docs/prometheus.md):
 * <ul>
 *   <li>{@code headroom_phase_info{testbed, run, phase}} 1 while the phase runs;
 *   <li>{@code headroom_bottleneck{testbed, run, phase, class, entity}} 1 while the verdict holds
 *       (from the phase's start, or from when it changed, to the phase's end or the next change);
 *   <li>{@code headroom_headroom_ratio{testbed, run, phase, entity, kind, reading}} per on-path
 *       entity of the phase's headroom table: the share of its practical ceiling left, 1 - utilization
 *       (0 at the ceiling, negative past it).
 * </ul>
 * A series is held from its start and a sample sent every {@link #STEP_MS} up to now or its end;
 * at its end it gets a last sample and a staleness marker, so Prometheus stops drawing it there
 * and not 5 minutes later. Samples are never sent for a time before the last one sent of the
 * series (Prometheus refuses a request with one out of order), nor older than {@link #MAX_AGE_MS}
 * (Prometheus takes no sample for a new series that far behind its newest).
 */
public final class DerivedSeries {
  public static final String PHASE_INFO = "headroom_phase_info";
  public static final String BOTTLENECK = "headroom_bottleneck";
  public static final String HEADROOM_RATIO = "headroom_headroom_ratio";
  static final long STEP_MS = 10_000;
  static final long MAX_AGE_MS = 50 * 60_000;
  /** How long after its end a phase's window is kept, for the verdict judged after it (3 s later, or a late one). */
  private static final long KEEP_ENDED_MS = 60 * 60_000;

  private record PhaseKey(String testbed, String run, String phase) {}

  private static final class Held {
    final String name;
    final Map<String, String> labels;
    final PhaseKey phase;
    double value;
    long start;
    long end;
    long lastSent = Long.MIN_VALUE;

    Held(String name, Map<String, String> labels, PhaseKey phase, double value, long start, long end) {
      this.name = name;
      this.labels = labels;
      this.phase = phase;
      this.value = value;
      this.start = start;
      this.end = end;
    }
  }

  private final Map<PhaseKey, long[]> phases = new HashMap<>();
  private final Map<Map<String, String>, Held> held = new LinkedHashMap<>();
  /** Series that ended, with the time of the last sample sent: a verdict judged again adds nothing before it. */
  private final Map<Map<String, String>, Long> ended = new HashMap<>();

  /** A phase record: its window (end Long.MAX_VALUE while it runs) and its info series. */
  public void phase(String testbed, Phase p) {
    PhaseKey k = new PhaseKey(testbed, p.run(), p.name());
    long start = Readings.millis(p.start());
    long end = p.end() == null ? Long.MAX_VALUE : Readings.millis(p.end());
    phases.put(k, new long[] {start, end});
    hold(PHASE_INFO, labels(k), k, 1, start, end);
    held.values().stream().filter(h -> k.equals(h.phase) && h.end == Long.MAX_VALUE).forEach(h -> h.end = end);
  }

  /** A verdict: each judged phase's bottleneck and headroom rows, replacing what the phase had before. */
  public void verdict(String testbed, Verdict v, long nowMs) {
    for (PhaseVerdict pv : v.phases()) {
      PhaseKey k = new PhaseKey(testbed, v.run(), pv.name());
      long[] window = phases.get(k);
      if (window == null || pv.bottleneck() == null) {
        continue; // a phase not seen (before this analyzer's start) or not judged yet: nothing to draw against
      }
      // the phase's first verdict holds from its start; a change holds from now
      long from = held.values().stream().anyMatch(h -> k.equals(h.phase) && h.name.equals(BOTTLENECK))
          ? Math.max(window[0], nowMs) : window[0];
      List<Map<String, String>> now = new ArrayList<>();
      Map<String, String> b = labels(k);
      b.put("class", pv.bottleneck().name().toLowerCase(Locale.ROOT));
      if (pv.entity() != null) {
        b.put("entity", pv.entity());
      }
      now.add(keyed(BOTTLENECK, b));
      hold(BOTTLENECK, b, k, 1, from, window[1]);
      for (HeadroomEntry e : pv.headroom()) {
        if (e.onPath() && !e.implausible()) {
          Map<String, String> h = labels(k);
          h.put("entity", e.entity());
          h.put("kind", e.kind());
          h.put("reading", e.reading());
          now.add(keyed(HEADROOM_RATIO, h));
          hold(HEADROOM_RATIO, h, k, 1 - e.utilization(), from, window[1]);
        }
      }
      // what the phase's earlier verdict said and this one does not: it held until now
      for (Held h : held.values()) {
        if (k.equals(h.phase) && !h.name.equals(PHASE_INFO) && !now.contains(keyed(h.name, h.labels))) {
          h.end = Math.min(h.end, Math.max(nowMs, h.lastSent + 1));
        }
      }
    }
  }

  /** The samples due up to {@code nowMs}; series that ended are sent their last sample and marker, and forgotten. */
  public List<TimeSeries> due(long nowMs) {
    List<TimeSeries> out = new ArrayList<>();
    for (Iterator<Held> it = held.values().iterator(); it.hasNext(); ) {
      Held h = it.next();
      TimeSeries s = new TimeSeries(h.name, h.labels);
      long from = Math.max(h.start, nowMs - MAX_AGE_MS);
      long t = h.lastSent == Long.MIN_VALUE ? from : Math.max(from, h.lastSent + STEP_MS);
      long until = Math.min(h.end, nowMs);
      for (; t <= until; t += STEP_MS) {
        s.add(t, h.value);
      }
      boolean over = h.end <= nowMs;
      if (over && h.end > h.lastSent) {
        s.add(h.end, h.value); // left out if a step landed on it
        s.add(h.end + 1, TimeSeries.STALE);
      }
      if (over) {
        it.remove();
        ended.put(keyed(h.name, h.labels), Math.max(h.lastSent, s.lastTimestamp()));
      }
      if (s.size() > 0) {
        h.lastSent = s.lastTimestamp();
        out.add(s);
      }
    }
    phases.values().removeIf(w -> w[1] != Long.MAX_VALUE && w[1] < nowMs - KEEP_ENDED_MS);
    ended.values().removeIf(last -> last < nowMs - KEEP_ENDED_MS);
    return out;
  }

  private void hold(String name, Map<String, String> labels, PhaseKey k, double value, long start, long end) {
    Held h = held.get(keyed(name, labels));
    if (h == null) {
      h = new Held(name, labels, k, value, start, end);
      h.lastSent = ended.getOrDefault(keyed(name, labels), Long.MIN_VALUE);
      held.put(keyed(name, labels), h);
    } else {
      h.value = value;
      h.end = end;
    }
  }

  private static Map<String, String> keyed(String name, Map<String, String> labels) {
    Map<String, String> k = new HashMap<>(labels);
    k.put("__name__", name);
    return k;
  }

  private static Map<String, String> labels(PhaseKey k) {
    Map<String, String> m = new HashMap<>();
    m.put("testbed", k.testbed());
    m.put("run", k.run());
    m.put("phase", k.phase());
    return m;
  }
}
