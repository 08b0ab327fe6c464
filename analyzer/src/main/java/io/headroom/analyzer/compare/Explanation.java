package io.headroom.analyzer.compare;

import io.headroom.analyzer.detect.Fmt;
import io.headroom.model.Bottleneck;
import io.headroom.model.HeadroomEntry;
import io.headroom.model.Metrics;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Why a phase changed, in sentences: first where the limit sits on each side (moved or not, with
 * the figures of the limiting resource), then the resources on the data path whose share of their
 * practical ceiling changed most between the runs.
 */
final class Explanation {
  /** Resources listed after the limit line, largest change first. */
  static final int RESOURCES = 3;
  /**
   * A resource's share of its ceiling must change by at least this much (2 points) to be named:
   * a 2% reading noise moves a p95 by about a point from run to run.
   */
  static final double MIN_SHIFT = 0.02;

  private Explanation() {}

  static List<String> of(String name, PhaseView a, PhaseView b, String change, boolean moved) {
    List<String> out = new ArrayList<>();
    out.add(headline(name, a, b, change, moved));
    out.addAll(resources(a, b));
    return out;
  }

  private static String headline(String name, PhaseView a, PhaseView b, String change, boolean moved) {
    String head = name + " " + change + ": ";
    if (moved) {
      return head + "the limit moved from " + limit(a) + " to " + limit(b);
    }
    if (a.bottleneck == Bottleneck.NONE) {
      return head + "nothing at its ceiling on either side: " + limit(a) + ", then " + limit(b);
    }
    HeadroomEntry ra = a.onPath(a.entity);
    HeadroomEntry rb = b.onPath(b.entity);
    String shares = ra == null || rb == null ? ""
        : "; its share of its practical ceiling " + Fmt.pct(ra.utilization()) + " -> " + Fmt.pct(rb.utilization());
    return head + "the limit stayed: " + limit(b) + shares;
  }

  /** "PCIE on X (28.1 GB/s = 89% of 31.5 GB/s)"; NONE with the workload's level and the tightest resource. */
  static String limit(PhaseView p) {
    if (p.bottleneck == Bottleneck.NONE || p.entity == null) {
      String level = level(p.seconds);
      StringBuilder s = new StringBuilder("NONE (").append(level == null ? "no workload readings" : "the workload at " + level);
      HeadroomEntry tightest = p.headroom.stream().filter(HeadroomEntry::onPath).findFirst().orElse(null);
      if (tightest != null) {
        s.append("; tightest on the path: ").append(tightest.entity()).append(" at ")
            .append(Fmt.pct(tightest.utilization())).append(" of its practical ceiling");
      }
      return s.append(')').toString();
    }
    StringBuilder s = new StringBuilder(p.bottleneck.name()).append(" on ").append(p.entity);
    HeadroomEntry row = p.onPath(p.entity);
    if (row != null) {
      s.append(" (").append(reading(p, row)).append(')');
    }
    if (p.group != null && p.group.entities().size() > 1) {
      s.append(", ").append(p.group.atCeiling()).append(" of ").append(p.group.entities().size()).append(' ')
          .append(p.group.name()).append(" at their ceiling");
    }
    return s.toString();
  }

  /** The reading against the declared ceiling: "28.1 GB/s = 89% of 31.5 GB/s", "util 93%". */
  static String reading(PhaseView p, HeadroomEntry row) {
    String family = "iops".equals(row.reading()) ? Metrics.CAPACITY_IOPS : Metrics.CAPACITY_BYTES_PER_S;
    double ceiling = p.ctx.capacity(row.entity(), family);
    boolean measured = !"util".equals(row.reading()) && !"busy".equals(row.reading()) && !Double.isNaN(ceiling);
    if (!measured) {
      return row.reading() + " " + Fmt.pct(row.lineRate());
    }
    double value = row.lineRate() * ceiling;
    if (family.equals(Metrics.CAPACITY_IOPS)) {
      return Fmt.iops(value) + " = " + Fmt.pct(row.lineRate()) + " of " + Fmt.iops(ceiling);
    }
    return row.reading() + " " + Fmt.byteRate(value) + " = " + Fmt.pct(row.lineRate()) + " of " + Fmt.byteRate(ceiling);
  }

  /** The workload's mean throughput: bytes/s when it moved bytes, else IOPS; null without readings. */
  static String level(WorkloadSeconds s) {
    if (s.meanBytes() > 0) {
      return Fmt.byteRate(s.meanBytes());
    }
    double iops = s.meanIops();
    return Double.isNaN(iops) ? null : Fmt.iops(iops);
  }

  /** On-path resources whose share of their practical ceiling moved most, at least {@link #MIN_SHIFT}. */
  private static List<String> resources(PhaseView a, PhaseView b) {
    Set<String> ids = new LinkedHashSet<>();
    a.headroom.stream().filter(HeadroomEntry::onPath).forEach(h -> ids.add(h.entity()));
    b.headroom.stream().filter(HeadroomEntry::onPath).forEach(h -> ids.add(h.entity()));
    record Shift(String id, HeadroomEntry a, HeadroomEntry b, double delta) {}
    List<Shift> shifts = new ArrayList<>();
    for (String id : ids) {
      HeadroomEntry ra = a.onPath(id);
      HeadroomEntry rb = b.onPath(id);
      double delta = (rb == null ? 0 : rb.utilization()) - (ra == null ? 0 : ra.utilization());
      if (Math.abs(delta) >= MIN_SHIFT) {
        shifts.add(new Shift(id, ra, rb, delta));
      }
    }
    shifts.sort(Comparator.comparingDouble((Shift s) -> -Math.abs(s.delta())).thenComparing(Shift::id));
    List<String> out = new ArrayList<>();
    for (Shift s : shifts.subList(0, Math.min(RESOURCES, shifts.size()))) {
      HeadroomEntry any = s.a() != null ? s.a() : s.b();
      out.add(String.format(Locale.ROOT, "%s (%s, %s): share of its practical ceiling %s -> %s (%+.0f points)",
          s.id(), any.kind(), any.reading(), share(s.a()), share(s.b()), s.delta() * 100));
    }
    return out;
  }

  private static String share(HeadroomEntry row) {
    return row == null ? "off the path" : Fmt.pct(row.utilization());
  }
}
