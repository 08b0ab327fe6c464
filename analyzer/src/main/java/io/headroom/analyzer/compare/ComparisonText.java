package io.headroom.analyzer.compare;

import io.headroom.analyzer.detect.Fmt;
import java.util.List;
import java.util.function.Function;

/**
 * A comparison's figures as the text output and the comparison page print them, so the two say
 * the same: one row per figure (A, B, the change or "~", p), and each side's limit.
 */
public final class ComparisonText {
  private ComparisonText() {}

  /** One figure of a phase on both sides. */
  public record Row(String figure, String a, String b, String change, String p) {}

  public static List<Row> rows(Comparison.PhaseComparison p) {
    Comparison.Metrics m = p.metrics();
    return List.of(
        row("throughput", p.a().throughputBytesPerS(), p.b().throughputBytesPerS(), m.throughputBytesPerS(), Fmt::byteRate),
        row("IOPS", p.a().iops(), p.b().iops(), m.iops(), Fmt::iops),
        row("mean latency", p.a().latencyS().mean(), p.b().latencyS().mean(), m.latencyMeanS(), Fmt::latency),
        row("p99 latency", p.a().latencyS().p99(), p.b().latencyS().p99(), m.latencyP99S(), Fmt::latency));
  }

  private static Row row(String figure, Double a, Double b, Comparison.Change c, Function<Double, String> format) {
    return new Row(figure, a == null ? "-" : format.apply(a), b == null ? "-" : format.apply(b), change(c),
        c.pValue() == null ? "-" : RunComparer.pValue(c.pValue()));
  }

  /** "+15%" when significant, "~" when not, "-" when there is nothing to compare. */
  public static String change(Comparison.Change c) {
    if (c.ratio() == null) {
      return "-";
    }
    return c.significant() ? RunComparer.percentChange(c.ratio()) : "~";
  }

  /** The phase's headline change: "+15%" or "~". */
  public static String change(Comparison.PhaseComparison p) {
    return change(new Comparison.Change(p.change(), p.pValue(), p.significant()));
  }

  /** "ARRAY_CPU on s5/ps1200t/node-a", "NONE". */
  public static String limit(Comparison.Side s) {
    return s.bottleneck() + (s.entity() == null ? "" : " on " + s.entity());
  }

  /**
   * What decided significance, for the text's second line and the page: the noise floor and
   * where it was set, or the test across runs.
   */
  public static String basis(Comparison c) {
    if (c.phases().isEmpty()) {
      return "no phase matched to test";
    }
    Comparison.Noise n = c.phases().get(0).noise();
    if (n.basis().equals("runs")) {
      return "each run one observation: a change is p < 0.05 by Welch's t-test on the run means";
    }
    String from = switch (n.floorFrom()) {
      case "default" -> "the default; --noise-floor sets it";
      case "testbed" -> "the testbed file's detection.compare.noise_floor";
      case "command" -> "--noise-floor";
      case "request" -> "the request's noise_floor";
      default -> n.floorFrom();
    };
    return "one run a side: a change is beyond the " + new NoiseFloor(n.floor(), n.floorFrom()).percent()
        + " run-to-run noise floor (" + from + ") with p < 0.05 by Mann-Whitney over the per-second samples";
  }
}
