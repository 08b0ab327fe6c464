package io.headroom.app.cli;

import io.headroom.model.HeadroomEntry;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Verdict;
import java.io.PrintStream;
import java.io.PrintWriter;

/** The verdict as a person reads it: the limit, the evidence, then every resource's headroom. */
final class VerdictPrinter {
  private VerdictPrinter() {}

  static void print(Verdict v, PrintStream out) {
    PrintWriter w = new PrintWriter(out, true);
    print(v, w);
    w.flush();
  }

  static void print(Verdict v, PrintWriter out) {
    out.printf("run %s: bottleneck %s%s (confidence %.2f)%n", v.run() == null ? "(none declared)" : v.run(),
        v.bottleneck(), v.entity() == null ? "" : " on " + v.entity(), v.confidence());
    for (String e : v.evidence()) {
      out.println("  - " + e);
    }
    if (!v.phases().isEmpty()) {
      out.println("phases:");
      for (PhaseVerdict p : v.phases()) {
        out.printf("  %-24s %-10s %s%n", p.name(), p.bottleneck(), p.entity() == null ? "" : p.entity());
      }
    }
    out.println("headroom (p95 of ceiling, tightest first):");
    if (v.headroom().isEmpty()) {
      out.println("  (no entity with a known ceiling was seen)");
    }
    for (HeadroomEntry h : v.headroom()) {
      out.printf("  %5.1f%%  %-10s %s%n", h.utilization() * 100, h.kind(), h.entity());
    }
  }
}
