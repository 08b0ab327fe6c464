package io.headroom.analyzer.compare;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;

/**
 * The run-to-run noise floor: with one run a side, a change of at most this share is within
 * noise whatever its p-value (docs/detection.md, section 7). Per-second readings of one run
 * carry no run-to-run variance, so no test over them can tell a rerun from a new configuration;
 * the floor is what reruns of the same configuration are known to differ by.
 *
 * @param fraction the largest change noise is taken to make, 0.03 for 3%
 * @param from where it was set: "default", "testbed", "command" (--noise-floor) or "request" (the API's noise_floor)
 */
public record NoiseFloor(double fraction, String from) {
  /**
   * 3.5%: the upper end of the spread users report between reruns of one configuration (issue
   * 46: no-op reruns 1-3% apart), plus half a point for each run's own noise in its mean (1%
   * reading noise and a slow drift move a 55 s mean by about 0.2%, a difference of two by 0.3%).
   * At 3% exactly, 4.6% of generated no-op pairs crossed it (231 of 5,000: the reruns 2.7-3%
   * apart whose noise added to it); at 3.5%, 5 of 5,000, and a change of twice the floor was
   * found in 4,999 (CompareNoisePropertyTest's model).
   */
  public static final double DEFAULT_FRACTION = 0.035;
  /** Slack for the rounding of a ratio of means: 1030 / 1000 is 1.0300000000000000266. */
  static final double ROUNDING = 1e-12;

  public NoiseFloor {
    if (!(fraction >= 0 && fraction < 1)) {
      throw new IllegalArgumentException("the noise floor must be at least 0% and under 100%, not "
          + String.format(Locale.ROOT, "%s", fraction * 100) + "%");
    }
  }

  /**
   * "2.5%" or a share, "0.025"; {@code from} says where it was written. A share of 1 or more is
   * refused (a bare "3" means 3%: write it so).
   */
  public static NoiseFloor parse(String text, String from) {
    String t = text.strip();
    try {
      double v = t.endsWith("%") ? Double.parseDouble(t.substring(0, t.length() - 1).strip()) / 100 : Double.parseDouble(t);
      if (!t.endsWith("%") && v >= 1) {
        throw new IllegalArgumentException("noise floor " + t + ": a share under 1, or a percentage: " + t + "%?");
      }
      return new NoiseFloor(v, from);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("noise floor \"" + t + "\": a percentage (3.5%) or a share (0.035)");
    }
  }

  public static NoiseFloor defaults() {
    return new NoiseFloor(DEFAULT_FRACTION, "default");
  }

  /** True when B/A moved by more than the floor either way. */
  public boolean exceeded(double ratio) {
    return Math.abs(ratio - 1) > fraction + ROUNDING;
  }

  /** "3%", "3.5%": to two decimals, trailing zeros dropped (0.035 x 100 is 3.5000000000000004). */
  public String percent() {
    return new BigDecimal(fraction * 100).setScale(2, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString() + "%";
  }
}
