package io.headroom.analyzer.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The regression gate of `headroom compare --fail-on` (docs/detection.md, section 7): tolerances
 * such as {@code throughput<-5%,p99>+10%}, each checked on every matched phase. A check fails
 * when the figure moved past its tolerance and the move is beyond the noise (the phase's figure
 * is significant: beyond the noise floor with one run a side, by the test across runs with
 * several); past the tolerance but within noise passes, and says so.
 */
public final class Gate {
  /** "throughput<-5%": a figure, {@code <} or {@code >}, a signed percentage. */
  private static final Pattern RULE = Pattern.compile("\\s*([a-z0-9_]+)\\s*([<>])\\s*([+-]?\\d+(?:\\.\\d+)?)\\s*%\\s*");
  /** The figures a rule can name, with their aliases. */
  static final List<String> FIGURES = List.of("throughput", "throughput_bytes_per_s", "iops", "latency",
      "latency_mean_s", "p99", "latency_p99_s");

  private Gate() {}

  /**
   * One tolerance.
   *
   * @param figure as typed: throughput (the phase's headline figure, bytes/s or IOPS as its
   *     change_of), throughput_bytes_per_s, iops, latency or latency_mean_s, p99 or latency_p99_s
   * @param below true for {@code <}: a fall past the bound fails; false for {@code >}: a rise
   * @param bound the change as a share: -0.05 for -5%
   */
  public record Rule(String figure, boolean below, double bound) {
    /** "throughput<-5%". */
    public String text() {
      return figure + (below ? "<" : ">") + signed(bound);
    }

    /** True when the ratio B/A lies past the bound (the bound itself passes). */
    boolean breached(double ratio) {
      double change = ratio - 1;
      return below ? change < bound - NoiseFloor.ROUNDING : change > bound + NoiseFloor.ROUNDING;
    }
  }

  /** What became of one rule on one phase: "pass", "fail" or "skipped". */
  public record Check(String phase, Rule rule, String outcome, String message) {
    public boolean failed() {
      return outcome.equals("fail");
    }
  }

  /** Every check, phase by phase in the comparison's order, rule by rule. */
  public record Result(List<Check> checks, Comparison comparison) {
    public Result {
      checks = List.copyOf(checks);
    }

    public boolean failed() {
      return checks.stream().anyMatch(Check::failed);
    }

    /**
     * The line a CI log shows: "headroom compare: FAIL (1 of 6 checks): 4k-rand-read100
     * throughput -12% past -5% (p=3.1e-05); B s5 against A s5-before" or "headroom compare:
     * PASS (6 checks: throughput<-5%, p99>+10% on 3 phases)".
     */
    public String line() {
      List<Check> failed = checks.stream().filter(Check::failed).toList();
      long ran = checks.stream().filter(c -> !c.outcome().equals("skipped")).count();
      String runs = "B " + name(comparison.b()) + " against A " + name(comparison.a());
      if (!failed.isEmpty()) {
        List<String> why = failed.stream().map(c -> c.phase() + " " + c.message()).toList();
        return "headroom compare: FAIL (" + failed.size() + " of " + ran + " checks): " + String.join("; ", why)
            + "; " + runs;
      }
      List<String> rules = new ArrayList<>();
      checks.stream().map(c -> c.rule().text()).distinct().forEach(rules::add);
      long phases = checks.stream().map(Check::phase).distinct().count();
      long skipped = checks.size() - ran;
      return "headroom compare: PASS (" + ran + " checks: " + String.join(", ", rules) + " on " + phases
          + (phases == 1 ? " phase" : " phases") + (skipped > 0 ? "; " + skipped + " skipped" : "") + "); " + runs;
    }

    private static String name(Comparison.RunRef r) {
      return r.runs().isEmpty() ? "(no run)" : String.join(" ", r.runs());
    }
  }

  /**
   * Tolerances separated by commas or new lines; {@code #} starts a comment (a file of
   * tolerances reads the same). A fall is bounded with {@code <} and a negative percentage, a
   * rise with {@code >} and a positive one; anything else is refused with what was meant.
   */
  public static List<Rule> parse(String spec) {
    List<Rule> out = new ArrayList<>();
    for (String line : spec.split("\\R")) {
      int hash = line.indexOf('#');
      String body = hash >= 0 ? line.substring(0, hash) : line;
      for (String part : body.split(",")) {
        if (part.isBlank()) {
          continue;
        }
        Matcher m = RULE.matcher(part.toLowerCase(Locale.ROOT));
        if (!m.matches()) {
          throw new IllegalArgumentException("\"" + part.strip() + "\": a tolerance is FIGURE<-N% or FIGURE>+N% "
              + "(throughput<-5%, p99>+10%), FIGURE one of " + String.join(", ", FIGURES));
        }
        String figure = m.group(1);
        if (!FIGURES.contains(figure)) {
          throw new IllegalArgumentException("\"" + part.strip() + "\": no figure " + figure + "; one of "
              + String.join(", ", FIGURES));
        }
        boolean below = m.group(2).equals("<");
        double bound = Double.parseDouble(m.group(3)) / 100;
        if (below ? bound > 0 : bound < 0) {
          throw new IllegalArgumentException("\"" + part.strip() + "\": " + (below ? "<" : ">") + " bounds a "
              + (below ? "fall, so its percentage is negative: " + figure + "<-" : "rise, so its percentage is positive: "
              + figure + ">+") + m.group(3).replaceAll("^[+-]", "") + "%");
        }
        out.add(new Rule(figure, below, bound));
      }
    }
    if (out.isEmpty()) {
      throw new IllegalArgumentException("no tolerance given: FIGURE<-N% or FIGURE>+N%, e.g. throughput<-5%");
    }
    return out;
  }

  public static Result check(Comparison c, List<Rule> rules) {
    List<Check> out = new ArrayList<>();
    for (Comparison.PhaseComparison p : c.phases()) {
      for (Rule r : rules) {
        out.add(check(p, r));
      }
    }
    for (String only : c.unmatched().a()) {
      for (Rule r : rules) {
        out.add(new Check(only, r, "skipped", "no phase of B matched it"));
      }
    }
    return new Result(out, c);
  }

  private static Check check(Comparison.PhaseComparison p, Rule r) {
    Comparison.Change change = figure(p, r.figure());
    if (change.ratio() == null) {
      return new Check(p.name(), r, "skipped", r.figure() + ": no readings on a side");
    }
    String moved = r.figure() + " " + RunComparer.percentChange(change.ratio()) + " (" + RunComparer.pValue(change.pValue()) + ", "
        + basis(p) + ")";
    if (!r.breached(change.ratio())) {
      return new Check(p.name(), r, "pass", moved + " within " + r.text());
    }
    if (!change.significant()) {
      return new Check(p.name(), r, "pass", moved + " past " + signed(r.bound()) + " but within noise");
    }
    return new Check(p.name(), r, "fail", moved + " past " + signed(r.bound()));
  }

  /** "the 3.5% noise floor", "3 and 3 runs". */
  private static String basis(Comparison.PhaseComparison p) {
    Comparison.Noise n = p.noise();
    return n.basis().equals("runs") ? n.runsA() + " and " + n.runsB() + " runs"
        : "noise floor " + new NoiseFloor(n.floor(), n.floorFrom()).percent();
  }

  static Comparison.Change figure(Comparison.PhaseComparison p, String figure) {
    Comparison.Metrics m = p.metrics();
    return switch (figure) {
      case "throughput" -> new Comparison.Change(p.change(), p.pValue(), p.significant());
      case "throughput_bytes_per_s" -> m.throughputBytesPerS();
      case "iops" -> m.iops();
      case "latency", "latency_mean_s" -> m.latencyMeanS();
      case "p99", "latency_p99_s" -> m.latencyP99S();
      default -> throw new IllegalArgumentException("no figure " + figure);
    };
  }

  /** A share as a signed percentage: -0.05 is "-5%", 0.123 "+12.3%", 0 "+0%". */
  static String signed(double share) {
    String digits = new java.math.BigDecimal(share * 100).setScale(1, java.math.RoundingMode.HALF_UP)
        .stripTrailingZeros().toPlainString();
    return (share >= 0 && !digits.startsWith("-") ? "+" : "") + digits + "%";
  }

  /**
   * The checks as JUnit XML, so a CI system lists each as a test: one suite, one test case per
   * phase and tolerance (classname "headroom.compare." and the phase), a failure element for a
   * regression, skipped where a side has no readings.
   */
  public static String junit(Result r) {
    long failures = r.checks().stream().filter(Check::failed).count();
    long skipped = r.checks().stream().filter(c -> c.outcome().equals("skipped")).count();
    StringBuilder x = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    String suite = "headroom compare " + Result.name(r.comparison().b()) + " against " + Result.name(r.comparison().a());
    x.append(String.format(Locale.ROOT, "<testsuites tests=\"%d\" failures=\"%d\" skipped=\"%d\">%n", r.checks().size(),
        failures, skipped));
    x.append(String.format(Locale.ROOT, "  <testsuite name=\"%s\" tests=\"%d\" failures=\"%d\" errors=\"0\" skipped=\"%d\">%n",
        xml(suite), r.checks().size(), failures, skipped));
    for (Check c : r.checks()) {
      x.append("    <testcase classname=\"").append(xml("headroom.compare." + c.phase())).append("\" name=\"")
          .append(xml(c.rule().text())).append('"');
      switch (c.outcome()) {
        case "fail" -> x.append(">\n      <failure type=\"regression\" message=\"").append(xml(c.message()))
            .append("\">").append(xml(c.phase() + " " + c.message())).append("</failure>\n    </testcase>\n");
        case "skipped" -> x.append(">\n      <skipped message=\"").append(xml(c.message())).append("\"/>\n    </testcase>\n");
        default -> x.append(">\n      <system-out>").append(xml(c.message())).append("</system-out>\n    </testcase>\n");
      }
    }
    x.append("  </testsuite>\n</testsuites>\n");
    return x.toString();
  }

  /** Text for an XML attribute or element: the five entities, and characters XML 1.0 cannot hold as U+FFFD. */
  static String xml(String s) {
    StringBuilder out = new StringBuilder(s.length());
    s.codePoints().forEach(cp -> {
      switch (cp) {
        case '&' -> out.append("&amp;");
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '"' -> out.append("&quot;");
        case '\'' -> out.append("&apos;");
        case '\n' -> out.append("&#10;");
        case '\t' -> out.append("&#9;");
        case '\r' -> out.append("&#13;");
        default -> {
          boolean allowed = (cp >= 0x20 && cp <= 0xD7FF) || (cp >= 0xE000 && cp <= 0xFFFD) || cp >= 0x10000;
          out.appendCodePoint(allowed ? cp : 0xFFFD);
        }
      }
    });
    return out.toString();
  }
}
