package io.headroom.analyzer.scenario;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a figure printed from a study recording should be, worked out from the study's inputs
 * (docs/scenarios/README.md, the generator's levels), not from the output.
 *
 * <p>The recordings carry seeded Gaussian noise: a reading is level x (1 + sigma x N(0, 1)),
 * sigma 2% unless a phase sets its own. A phase is judged without its ramp (10% of it, at most
 * 5 s): 55 readings of a 60 s phase, 115 of S2's 120 s. So a printed p95 is expected at
 * level x (1 + 1.645 sigma) (1.645: the normal distribution's 95th percentile), and a mean at the
 * level; the seeded draw lands within a sampling error of that:
 * <ul>
 *   <li>p95 of n readings: standard error level x sigma x sqrt(0.95 x 0.05 / n) / 0.1031
 *       (0.1031: the normal density at 1.645); for n = 55 that is 0.285 x level x sigma;
 *   <li>mean of n readings: level x sigma / sqrt(n).
 * </ul>
 * A figure must lie within 3 standard errors plus half the unit it is printed to.
 */
final class FromInputs {
  static final double Z95 = 1.645;
  private static final double DENSITY_AT_Z95 = 0.1031;
  /** Readings judged in a 60 s phase: 60 - 5 s of ramp. */
  static final int N60 = 55;

  private FromInputs() {}

  /** The expected p95 of readings at {@code level} with relative noise {@code sigma}. */
  static double p95(double level, double sigma) {
    return level * (1 + Z95 * sigma);
  }

  static void assertP95(double level, double sigma, int n, double printed, double unit, String what) {
    double se = level * sigma * Math.sqrt(0.95 * 0.05 / n) / DENSITY_AT_Z95;
    assertNear(p95(level, sigma), 3 * se + unit / 2, printed, what + " p95");
  }

  static void assertMean(double level, double sigma, int n, double printed, double unit, String what) {
    double se = level * sigma / Math.sqrt(n);
    assertNear(level, 3 * se + unit / 2, printed, what + " mean");
  }

  /** The printed percentage is value / of, rounded. */
  static void assertPercent(double value, double of, String printed) {
    long pct = Math.round(value / of * 100);
    assertTrue(printed.equals(pct + "%"), "expected " + pct + "% (" + value + " / " + of + "), printed " + printed);
  }

  static void assertNear(double expected, double tolerance, double printed, String what) {
    assertTrue(Math.abs(printed - expected) <= tolerance,
        what + ": printed " + printed + ", expected " + expected + " +/- " + tolerance + " from the inputs");
  }

  /** The first group of {@code regex} in {@code line} as a number ("9,606" is 9606). */
  static double number(String line, String regex) {
    return Double.parseDouble(group(line, regex).replace(",", ""));
  }

  static String group(String line, String regex) {
    Matcher m = Pattern.compile(regex).matcher(line);
    assertTrue(m.find(), "no " + regex + " in: " + line);
    return m.group(1);
  }
}
