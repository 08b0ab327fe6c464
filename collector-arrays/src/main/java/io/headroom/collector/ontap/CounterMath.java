package io.headroom.collector.ontap;

import java.util.Map;

/**
 * Raw counters into figures, as the counter manager defines its types: {@code raw} as is;
 * {@code delta} the increase between two polls; {@code rate} that over the seconds between them;
 * {@code average} the increase over its denominator's increase (latency per operation);
 * {@code percent} the same times 100. Every type but raw needs two polls. A counter that went
 * backwards was reset (node reboot, takeover): no figure that poll. Units become base units:
 * microsec and millisec seconds, percent a fraction.
 */
final class CounterMath {
  private CounterMath() {}

  /**
   * The counter's figure in base units between the two polls {@code seconds} apart, or NaN when
   * it cannot be had (first poll, reset, idle denominator, unknown type or unit).
   */
  static double figure(CounterSchema.Counter c, Map<String, Double> before, Map<String, Double> now, double seconds) {
    double v = evaluate(c, before, now, seconds);
    return v * scale(c.unit());
  }

  private static double evaluate(CounterSchema.Counter c, Map<String, Double> before, Map<String, Double> now,
      double seconds) {
    Double cur = now.get(c.name());
    if (cur == null) {
      return Double.NaN;
    }
    if (c.type().equals("raw")) {
      return cur;
    }
    double d = increase(c.name(), before, now);
    return switch (c.type()) {
      case "delta" -> d;
      case "rate" -> seconds > 0 ? d / seconds : Double.NaN;
      case "average" -> ratio(d, c.denominator(), before, now);
      case "percent" -> 100 * ratio(d, c.denominator(), before, now);
      default -> Double.NaN;
    };
  }

  private static double ratio(double d, String denominator, Map<String, Double> before, Map<String, Double> now) {
    double base = denominator == null ? Double.NaN : increase(denominator, before, now);
    // An idle base (no operations, no time): no latency or share to tell, rather than 0 or infinity.
    return base > 0 ? d / base : Double.NaN;
  }

  private static double increase(String name, Map<String, Double> before, Map<String, Double> now) {
    Double a = before == null ? null : before.get(name);
    Double b = now.get(name);
    if (a == null || b == null || b < a) {
      return Double.NaN;
    }
    return b - a;
  }

  /** Base units: time in seconds, percent as a fraction; bytes and counts as they are. */
  static double scale(String unit) {
    return switch (unit) {
      case "microsec" -> 1e-6;
      case "millisec" -> 1e-3;
      case "percent" -> 0.01;
      case "sec", "b_per_sec", "per_sec", "none" -> 1;
      default -> Double.NaN; // kb_per_sec and the like: not read rather than read wrong
    };
  }
}
