package io.headroom.app.report;

import static io.headroom.app.report.ReportPage.esc;

import io.headroom.model.HeadroomEntry;
import io.headroom.model.PhaseVerdict;
import java.util.List;
import java.util.Locale;

/**
 * Small multiples, one panel per phase side by side: its class, its throughput and latency (drawn
 * by report.js into the panel's charts over the phase's own time span, from the page's data) and
 * its tightest elements on the data path against their practical ceilings.
 */
final class PhaseMultiples {
  /** Path elements listed per phase. */
  static final int TIGHTEST = 3;

  private PhaseMultiples() {}

  static void append(StringBuilder h, List<PhaseVerdict> phases) {
    if (phases.isEmpty()) {
      return;
    }
    h.append("<h2>Phase by phase</h2><div class=\"multiples\">");
    for (int i = 0; i < phases.size(); i++) {
      PhaseVerdict p = phases.get(i);
      h.append("<div class=\"multiple\" data-phase=\"").append(esc(p.name())).append("\"><h4>").append(esc(p.name()))
          .append(": ").append(p.bottleneck() == null ? "not judged" : p.bottleneck().toString())
          .append("</h4>");
      h.append("<div class=\"chart mini mini-throughput\" id=\"mini-throughput-").append(i).append("\"></div>");
      h.append("<div class=\"chart mini mini-latency\" id=\"mini-latency-").append(i).append("\"></div>");
      tightest(h, p);
      h.append("</div>");
    }
    h.append("</div>");
  }

  /** "s5/ps1200t/node-a (array_cpu) 104%": the phase's tightest plausible rows on its path. */
  private static void tightest(StringBuilder h, PhaseVerdict p) {
    List<HeadroomEntry> rows = p.headroom().stream().filter(r -> r.onPath() && !r.implausible()).limit(TIGHTEST).toList();
    h.append("<ol class=\"tight\">");
    for (HeadroomEntry r : rows) {
      h.append("<li>").append(esc(r.entity())).append(" <small>(").append(esc(r.kind())).append(")</small> ")
          .append(String.format(Locale.ROOT, "%.0f%%", r.utilization() * 100)).append(" of practical ceiling</li>");
    }
    h.append("</ol>");
  }
}
