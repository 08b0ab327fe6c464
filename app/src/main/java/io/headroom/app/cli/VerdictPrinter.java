package io.headroom.app.cli;

import io.headroom.app.report.LatencyLine;
import io.headroom.app.report.LimitSentence;
import io.headroom.model.CoLimit;
import io.headroom.model.HeadroomEntry;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Verdict;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * The verdict as a person reads it: the limit in one sentence (LimitSentence), the run's limit and evidence, a summary line per phase, then
 * each phase in full (its limit, group, co-limits or NONE's reason, evidence, headroom), then every
 * resource's headroom over the run. Everything from the recording is printed escaped (TextEscape).
 */
final class VerdictPrinter {
  /** Rows of a phase's headroom table shown in text; --json has them all. */
  static final int PHASE_ROWS = 8;

  private VerdictPrinter() {}

  static void print(Verdict v, PrintStream out) {
    PrintWriter w = new PrintWriter(out, true);
    print(v, w);
    w.flush();
  }

  static void print(Verdict v, PrintWriter out) {
    String run = v.run() == null ? "(none declared)" : e(v.run());
    if (v.bottleneck() == null) {
      out.printf(Locale.ROOT, "run %s: not judged (too few readings)%n", run);
    } else {
      // the sentence the studies end with first, the class and confidence under it
      out.println(e(LimitSentence.run(v)));
      // the group when the whole of it limits (LimitName), not its first member
      out.printf(Locale.ROOT, "run %s: bottleneck %s%s (confidence %.2f)%n", run, v.bottleneck(),
          v.limit() == null ? "" : " on " + e(v.limit()), v.confidence());
    }
    evidence(v.evidence(), out);
    if (!v.phases().isEmpty()) {
      out.println("phases:");
      for (PhaseVerdict p : v.phases()) {
        out.printf(Locale.ROOT, "  %-26s %-9s %s%n", e(p.name()), className(p), p.entity() == null ? "" : e(p.entity()));
      }
      if (v.phases().size() == 1) {
        // the run's only phase: its verdict and evidence are the run's, printed above
        PhaseVerdict only = v.phases().get(0);
        out.println("  (the run's only phase: its limit and evidence are the run's, above)");
        limitDetails(only, out);
      } else {
        for (PhaseVerdict p : v.phases()) {
          phase(p, out);
        }
      }
    }
    out.println("headroom over the run (each entity's tightest phase):");
    table(v.headroom(), v.headroom().size(), out);
  }

  private static void phase(PhaseVerdict p, PrintWriter out) {
    out.println();
    if (p.bottleneck() == null) {
      out.printf(Locale.ROOT, "phase %s: not judged%n", e(p.name()));
    } else {
      out.printf(Locale.ROOT, "phase %s: %s%s (confidence %.2f)%n", e(p.name()), p.bottleneck(),
          p.limit() == null ? "" : " on " + e(p.limit()), p.confidence());
    }
    limitDetails(p, out);
    evidence(p.evidence(), out);
    out.println("  headroom in this phase:");
    table(p.headroom(), PHASE_ROWS, out);
  }

  /** NONE's reason, the limit's group, the co-limits, the next limit: one line each. */
  private static void limitDetails(PhaseVerdict p, PrintWriter out) {
    if (p.reason() != null) {
      out.println("  reason: " + p.reason());
    }
    if (p.group() != null) {
      out.println("  group: " + p.group().atCeiling() + " of " + p.group().entities().size() + " "
          + e(p.group().name()) + " at their ceiling");
    }
    for (CoLimit c : p.coLimits()) {
      out.printf(Locale.ROOT, "  co-limit: %s on %s at %.1f%% of its practical ceiling%n", c.bottleneck(),
          e(c.entity()), c.utilization() * 100);
    }
    if (p.nextLimit() != null) {
      out.println("  next: " + e(p.nextLimit().summary()));
    } else if (p.nextLimitReason() != null) {
      out.println("  next: not known (" + e(p.nextLimitReason()) + ")");
    }
    if (p.latency() != null) {
      out.println("  latency: " + e(LatencyLine.of(p.latency())));
    }
  }

  private static void evidence(List<String> lines, PrintWriter out) {
    for (String line : lines) {
      out.println("  - " + e(line));
    }
  }

  /** Use against the practical ceiling the rules judge by, line rate beside it, tightest first. */
  private static void table(List<HeadroomEntry> rows, int max, PrintWriter out) {
    if (rows.isEmpty()) {
      out.println("    (no entity with a known ceiling was seen)");
      return;
    }
    out.println("    of practical  of line rate  reading         kind        entity");
    for (HeadroomEntry h : rows.subList(0, Math.min(max, rows.size()))) {
      out.printf(Locale.ROOT, "    %12s  %12s  %-15s %-11s %s%s%n", percent(h.utilization()), percent(h.lineRate()),
          e(h.reading()), e(h.kind()), e(h.entity()), (h.onPath() ? "" : "  (off the data path)")
              + (h.implausible() ? "  (implausible reading: ceiling or counter wrong)" : ""));
    }
    if (rows.size() > max) {
      out.println("    ... " + (rows.size() - max) + " more (--json has every row)");
    }
  }

  /** "88.5%"; a share no reading can have (a stored verdict from before strict input) stays one token. */
  static String percent(double share) {
    double p = share * 100;
    return Double.isFinite(p) && Math.abs(p) < 1e9 ? String.format(Locale.ROOT, "%.1f%%", p)
        : String.format(Locale.ROOT, "%.3e%%", p);
  }

  /** The phase's class, or "unjudged" for a phase with too few readings. */
  private static String className(PhaseVerdict p) {
    return p.bottleneck() == null ? "unjudged" : p.bottleneck().name();
  }

  private static String e(String s) {
    return TextEscape.of(s);
  }
}
