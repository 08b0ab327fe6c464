package io.headroom.analyzer.detect;

/**
 * How a limit that begins inside a phase is found (docs/detection.md, "Onsets").
 *
 * @param recentWindowS the live path judges the last this many seconds of an open phase beside
 *     the phase so far: a limit that began after a change no change point marks (a slow climb) is
 *     named once it holds in the sustained share of this window
 * @param liveMinReadings readings of the part after an onset (or of an open phase's start) that
 *     suffice for a live verdict: at a 1 s interval, 2 name a limit one second after its first
 *     reading, which the 2 s alert target needs; a finished phase's sub-phase needs
 *     {@link Thresholds#minReadings()}, as a phase does
 * @param levelShift a change of the workloads' mean throughput by this share of the phase's mean is
 *     a change of regime (a tenant that starts, a limit that bites)
 * @param loadShift a change of a resource's mean load by this share of its practical ceiling is a
 *     change of regime
 * @param maxChanges change points kept per series: each is a sub-window judged once more, so this
 *     bounds the work a noisy series costs
 */
public record OnsetSettings(double recentWindowS, int liveMinReadings, double levelShift, double loadShift,
    int maxChanges) {

  public static OnsetSettings defaults() {
    return new OnsetSettings(5.0, 2, 0.10, 0.10, 4);
  }

  /** Returns this when every value is in range; otherwise says which one is not. */
  public OnsetSettings validate() {
    if (!(recentWindowS >= 1) || Double.isInfinite(recentWindowS)) {
      throw new IllegalArgumentException("recentWindowS must be at least 1 second, got " + recentWindowS);
    }
    if (liveMinReadings < 2) {
      throw new IllegalArgumentException("liveMinReadings must be at least 2 (one reading is no regime), got "
          + liveMinReadings);
    }
    if (!(levelShift > 0 && levelShift <= 1)) {
      throw new IllegalArgumentException("levelShift must be in (0, 1], got " + levelShift);
    }
    if (!(loadShift > 0 && loadShift <= 1)) {
      throw new IllegalArgumentException("loadShift must be in (0, 1], got " + loadShift);
    }
    if (maxChanges < 1) {
      throw new IllegalArgumentException("maxChanges must be at least 1, got " + maxChanges);
    }
    return this;
  }
}
