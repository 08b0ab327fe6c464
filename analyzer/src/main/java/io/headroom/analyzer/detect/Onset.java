package io.headroom.analyzer.detect;

import io.headroom.analyzer.data.Window;
import io.headroom.model.Bottleneck;
import io.headroom.model.SubPhase;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A limit that began inside a phase (docs/detection.md, "Onsets"). Judged whole, such a phase reads
 * NONE for as long as the readings before the onset outnumber those after (the sustained share),
 * and when the workload's level fell at the onset, longer: the mixed levels are no plateau. So the
 * phase is split where a regime changes (CUSUM change points of the workloads' throughput and of
 * each resource's load on the path) and, while it is open, at its last seconds; each part from a
 * split to the phase's end is judged as a phase is, earliest first. The first that names a limit
 * is the phase's verdict, from the first reading that shows it (its entity at its ceiling).
 */
public final class Onset {
  private Onset() {}

  /** A limit found in the part of a phase after its onset: the decision, that part, where it starts. */
  public record Found(PhaseDecision decision, Context part, SubPhase subPhase) {}

  /**
   * @param open the phase has no end yet (live): its first readings and its recent window are
   *     judged too, each from {@link OnsetSettings#liveMinReadings()} readings
   * @return null when the whole phase's decision stands: it named a limit, or no part of it does
   */
  public static Found find(Context whole, PhaseDecision wholeDecision, boolean open, OnsetSettings s, Detector detector) {
    boolean none = wholeDecision.bottleneck() == Bottleneck.NONE;
    if (!none && !(open && !wholeDecision.judged())) {
      return null;
    }
    int minReadings = open ? s.liveMinReadings() : whole.thresholds().minReadings();
    Thresholds partThresholds = whole.thresholds().withMinReadings(minReadings);
    for (Map.Entry<Double, String> split : splits(whole, wholeDecision, open, s, minReadings).entrySet()) {
      Found f = judgeFrom(whole, split.getKey(), split.getValue(), partThresholds, wholeDecision, detector);
      if (f != null) {
        return f;
      }
    }
    return null;
  }

  /** Where a part may begin, earliest first, each with how it was found. */
  static TreeMap<Double, String> splits(Context whole, PhaseDecision wholeDecision, boolean open, OnsetSettings s,
      int minReadings) {
    TreeMap<Double, String> out = new TreeMap<>();
    double from = whole.window().from();
    TreeMap<Double, Double> throughput = WorkloadSignals.throughputPerSecond(whole);
    double[] level = throughput.values().stream().mapToDouble(Double::doubleValue).toArray();
    double[] seconds = throughput.keySet().stream().mapToDouble(Double::doubleValue).toArray();
    double mean = ChangePoints.mean(level, 0, level.length);
    if (level.length > 0 && mean > 0) {
      for (int i : ChangePoints.of(level, s.levelShift() * mean, minReadings, s.maxChanges())) {
        out.putIfAbsent(Math.max(from, seconds[i]), "throughput");
      }
    }
    for (Load l : PathLoads.onPath(whole)) {
      double[] r = l.readings(whole);
      double[] t = l.times(whole);
      if (r.length != t.length) {
        continue;
      }
      double practical = l.ceiling() * l.practical();
      double[] pressure = new double[r.length];
      for (int i = 0; i < r.length; i++) {
        pressure[i] = r[i] / practical;
      }
      for (int i : ChangePoints.of(pressure, s.loadShift(), minReadings, s.maxChanges())) {
        out.putIfAbsent(t[i], "resource");
      }
    }
    if (open && !wholeDecision.judged()) {
      out.put(from, "phase_start");
    } else if (open) {
      double recent = whole.data().latestSampleTs() - s.recentWindowS();
      if (recent > from) {
        out.putIfAbsent(recent, "recent_window");
      }
    }
    return out;
  }

  /**
   * The part from {@code start} judged; when it names a limit, judged again from the first reading
   * that shows it, so the onset is that reading and the part holds enough readings of the new regime.
   */
  private static Found judgeFrom(Context whole, double start, String splitBy, Thresholds t,
      PhaseDecision wholeDecision, Detector detector) {
    Window w = whole.window();
    Context part = whole.over(new Window(w.name(), start, w.to()), t);
    PhaseDecision d = detector.decide(part);
    if (!d.judged() || d.bottleneck() == Bottleneck.NONE) {
      return null;
    }
    double onset = firstAtCeiling(part, d.entity(), start);
    if (onset > start) {
      part = whole.over(new Window(w.name(), onset, w.to()), t);
      PhaseDecision again = detector.decide(part);
      if (again.bottleneck() != d.bottleneck() || !java.util.Objects.equals(again.entity(), d.entity())) {
        return null; // too few readings of the new regime yet, or another limit
      }
      d = again;
    }
    List<String> evidence = new ArrayList<>();
    evidence.add(began(onset, w, splitBy, wholeDecision));
    evidence.addAll(d.evidence());
    PhaseDecision named = new PhaseDecision(d.window(), d.bottleneck(), d.entity(), d.confidence(), d.reason(),
        evidence, d.coLimits(), d.group());
    return new Found(named, part, new SubPhase(onset, splitBy, wholeDecision.bottleneck()));
  }

  /** The time of the entity's first reading at its ceiling in the part, or the part's start. */
  static double firstAtCeiling(Context part, String entity, double start) {
    Load l = entity == null ? null : Load.of(part, entity);
    if (l == null) {
      return start;
    }
    double[] r = l.readings(part);
    double[] t = l.times(part);
    double full = l.full(part.thresholds());
    for (int i = 0; i < Math.min(r.length, t.length); i++) {
      if (r[i] >= full) {
        return t[i];
      }
    }
    return start;
  }

  /** "the limit began at 2026-11-30T17:38:03Z, 30 s into the phase (split by resource); the phase as a whole: NONE". */
  private static String began(double onset, Window w, String splitBy, PhaseDecision wholeDecision) {
    // the settled window starts after the ramp; the phase's own start is a ramp earlier, which the
    // verdict's reader knows from the phase record, so the offset is told from the judged window
    String so = wholeDecision.judged() ? wholeDecision.bottleneck().name() : "not judged yet";
    return "the limit began at " + Instant.ofEpochMilli(Math.round(onset * 1000)) + " ("
        + Fmt.trim(onset - w.from(), 1) + " s into the phase's judged window; split by " + splitBy.replace('_', ' ')
        + "); the phase as a whole: " + so;
  }
}
