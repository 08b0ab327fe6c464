package io.headroom.app.report;

import io.headroom.analyzer.detect.Thresholds;
import io.headroom.model.Bottleneck;
import io.headroom.model.EntityKind;
import io.headroom.model.HeadroomEntry;
import io.headroom.model.LimitGroup;
import io.headroom.model.LimitName;
import io.headroom.model.NextLimit;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Verdict;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The sentence a study ends with, built from the verdict alone: the class, the group or entity,
 * the figures that prove it, and what on the data path had headroom; then what binds next. The
 * report's headline and the CLI's first line are this sentence.
 */
public final class LimitSentence {
  /** A resource below this share of its practical ceiling is named as having headroom. */
  static final double HEADROOM_BELOW = 0.9;
  /** Members of a group named one by one up to this many; a larger group is named by its least loaded. */
  static final int MEMBERS_NAMED = 3;
  /** Kinds named as having headroom, at most. */
  static final int HEADROOM_KINDS = 2;

  private LimitSentence() {}

  /**
   * "Run s5 (ARRAY_CPU in 2 of 3 phases; figures of 8k-rand-read25): The limit was ...". The
   * phase is the one the run's evidence quotes.
   */
  public static String run(Verdict v) {
    String run = "Run " + (v.run() == null ? "(none declared)" : v.run());
    if (v.bottleneck() == null) {
      return run + ": not judged (too few readings).";
    }
    PhaseVerdict quoted = quotedPhase(v);
    if (quoted == null) {
      // a run without phases is judged whole (issue 48: the sentence said "not judged" beside its class)
      return run + ": " + withNext(wholeRun(v));
    }
    long agreeing = v.phases().stream().filter(p -> p.bottleneck() == v.bottleneck()).count();
    String scope = v.phases().size() == 1 ? "" : String.format(Locale.ROOT, " (%s in %d of %d phases; figures of %s)",
        v.bottleneck(), agreeing, v.phases().size(), quoted.name());
    return run + scope + ": " + withNext(quoted);
  }

  /** A run judged without phases, as the one phase its sentence is about. */
  private static PhaseVerdict wholeRun(Verdict v) {
    return new PhaseVerdict(v.run(), v.bottleneck(), v.entity(), v.confidence(), null, v.evidence(), v.headroom(),
        List.of(), null, null, null, null);
  }

  /** The phase's sentence, then its next limit's as a second sentence when there is one. */
  public static String withNext(PhaseVerdict p) {
    String next = next(p);
    return phase(p) + (next == null ? "" : " " + next);
  }

  /** "The limit was the array CPU: both array nodes on the path ... while ... had headroom." */
  public static String phase(PhaseVerdict p) {
    if (p.bottleneck() == null) {
      return "Not judged (too few readings).";
    }
    List<HeadroomEntry> path = onPath(p.headroom());
    if (p.bottleneck() == Bottleneck.NONE) {
      HeadroomEntry tightest = path.isEmpty() ? null : path.get(0);
      String reason = p.reason() == null ? "" : " (" + p.reason().replace('_', ' ') + ")";
      if (tightest == null) {
        return "Nothing on the data path was at its ceiling" + reason + ".";
      }
      // a reading at its ceiling's threshold in a NONE phase did not hold the workload: say so, or
      // the sentence reads as its own contradiction
      String held = tightest.utilization() >= AT_CEILING ? " without holding the workload back" : "";
      return "Nothing on the data path was at its ceiling" + reason + ": the tightest, " + tightest.entity()
          + ", was at " + figure(tightest) + held + headroom(path, tightest.kind(), List.of(tightest.entity()), ", while")
          + ".";
    }
    HeadroomEntry limit = row(path, p.entity());
    List<String> members = groupAtCeiling(p.group()) ? p.group().entities() : List.of(p.entity());
    String kind = limit == null ? null : limit.kind();
    return "The limit was the " + className(p.bottleneck()) + ": " + subject(p, path, members) + headroom(path, kind, members, " while")
        + ".";
  }

  /** "Next: the host CPU s5/esx*\/cpu would be full at 1.62x this phase's throughput."; null when not known. */
  public static String next(PhaseVerdict p) {
    NextLimit n = p.nextLimit();
    if (n == null) {
      return null;
    }
    return String.format(Locale.ROOT, "Next: the %s %s would be full at %sx this phase's throughput.",
        className(n.bottleneck()), n.named(), gain(n));
  }

  /** The next limit as the phase table says it: "the host CPU s5/esx*\/cpu at 1.62x"; empty when not known. */
  static String nextBrief(PhaseVerdict p) {
    NextLimit n = p.nextLimit();
    return n == null ? "" : "the " + className(n.bottleneck()) + " " + n.named() + " at " + gain(n) + "x";
  }

  /** The phase's class as the phase table says it: "PCIe link", "nothing full" (NONE names no resource), "not judged". */
  static String classBrief(PhaseVerdict p) {
    if (p.bottleneck() == null) {
      return "not judged";
    }
    return p.bottleneck() == Bottleneck.NONE ? "nothing full" : className(p.bottleneck());
  }

  private static String gain(NextLimit n) {
    return new BigDecimal(Double.toString(n.gain())).stripTrailingZeros().toPlainString();
  }

  /** The phase whose evidence the run's verdict quotes ("[name] ..."), else its strongest agreeing phase. */
  static PhaseVerdict quotedPhase(Verdict v) {
    for (String line : v.evidence()) {
      for (PhaseVerdict p : v.phases()) {
        if (line.startsWith("[" + p.name() + "] ")) {
          return p;
        }
      }
    }
    PhaseVerdict best = null;
    for (PhaseVerdict p : v.phases()) {
      if (p.bottleneck() == v.bottleneck() && (best == null || p.confidence() > best.confidence())) {
        best = p;
      }
    }
    return best;
  }

  private static boolean groupAtCeiling(LimitGroup g) {
    return g != null && g.atCeiling() >= 2;
  }

  /** The limit with its figure, or the group: "both array nodes on the path, s5/ps1200t/node-* (...)". */
  private static String subject(PhaseVerdict p, List<HeadroomEntry> path, List<String> members) {
    if (members.size() == 1) {
      HeadroomEntry limit = row(path, p.entity());
      return p.entity() + (limit == null ? "" : " at " + figure(limit));
    }
    LimitGroup g = p.group();
    if (g.whole()) {
      // the whole group limits: named as every headline names it, the array, the fabric, the stripe
      return LimitName.of(p);
    }
    String count = g.atCeiling() == g.entities().size()
        ? (g.atCeiling() == 2 ? "both " : "all " + g.atCeiling() + " ")
        : g.atCeiling() + " of " + g.entities().size() + " ";
    String named = commonName(p, g.entities());
    List<HeadroomEntry> rows = new ArrayList<>();
    for (String m : g.entities()) {
      HeadroomEntry r = row(path, m);
      if (r != null) {
        rows.add(r);
      }
    }
    String figures;
    if (rows.isEmpty()) {
      figures = "";
    } else if (rows.size() <= MEMBERS_NAMED) {
      List<String> each = new ArrayList<>();
      for (HeadroomEntry r : rows) {
        each.add(r.entity() + " " + percent(shown(r)));
      }
      figures = " (" + String.join(", ", each) + " " + unit(rows.get(0)) + ")";
    } else {
      HeadroomEntry least = rows.get(rows.size() - 1);
      figures = ", the least loaded, " + least.entity() + ", at " + figure(least);
    }
    return count + g.name() + " at their ceiling" + (named == null ? "" : ", " + named) + figures;
  }

  /**
   * The members' common name ("s5/ps1200t/node-*"), or null when the star would stand for whole
   * path segments ("s1/*" for ports of four hosts and a switch), which names nothing.
   */
  private static String commonName(PhaseVerdict p, List<String> members) {
    String named = new NextLimit(p.bottleneck(), p.entity(), members, 1, List.of()).named();
    int star = named.indexOf('*');
    String first = members.get(0);
    String starred = star < 0 ? "" : first.substring(star, first.length() - (named.length() - star - 1));
    return starred.contains("/") ? null : named;
  }

  /** " while the tightest host CPU (s5/esx2/cpu) was at 57% busy and the tightest port (...) at 3% of line rate". */
  private static String headroom(List<HeadroomEntry> path, String limitKind, List<String> limit, String joiner) {
    Map<String, HeadroomEntry> tightestOfKind = new LinkedHashMap<>();
    for (HeadroomEntry h : path) {
      if (!h.kind().equals(limitKind) && !limit.contains(h.entity()) && h.utilization() < HEADROOM_BELOW) {
        tightestOfKind.putIfAbsent(h.kind(), h);
      }
    }
    List<String> parts = new ArrayList<>();
    for (HeadroomEntry h : tightestOfKind.values()) {
      if (parts.size() == HEADROOM_KINDS) {
        break;
      }
      parts.add("the tightest " + kindName(h.kind()) + " (" + h.entity() + ")" + " at " + figure(h));
    }
    return parts.isEmpty() ? "" : joiner + " " + String.join(" and ", parts) + " had headroom";
  }

  /** Rows on the path with a plausible reading, tightest first as the verdict orders them. */
  private static List<HeadroomEntry> onPath(List<HeadroomEntry> rows) {
    return rows.stream().filter(h -> h.onPath() && !h.implausible()).toList();
  }

  private static HeadroomEntry row(List<HeadroomEntry> rows, String entity) {
    return rows.stream().filter(h -> h.entity().equals(entity)).findFirst().orElse(null);
  }

  /** The detection's at-ceiling share of the practical ceiling (docs/detection.md, section 2). */
  private static final double AT_CEILING = Thresholds.defaults().atCeiling();

  /** "96% busy", "89% of line rate (102% of its practical ceiling)", "60% of its spec". */
  static String figure(HeadroomEntry h) {
    String f = percent(shown(h)) + " " + unit(h);
    boolean differs = Math.round(h.utilization() * 100) != Math.round(h.lineRate() * 100);
    return differs ? f + " (" + percent(h.utilization()) + " of its practical ceiling)" : f;
  }

  /** The share against the declared ceiling, the one a reader checks against a datasheet. */
  private static double shown(HeadroomEntry h) {
    return h.lineRate();
  }

  private static String unit(HeadroomEntry h) {
    return switch (h.kind()) {
      case EntityKind.NET_PORT, EntityKind.PCIE_LINK -> "of line rate";
      // a disk judged by its busy time has no spec to be a share of: it was busy that share of the time
      case EntityKind.DISK -> "busy".equals(h.reading()) ? "busy" : "of its spec";
      default -> "busy";
    };
  }

  private static String percent(double share) {
    return String.format(Locale.ROOT, "%.0f%%", share * 100);
  }

  static String className(Bottleneck b) {
    return switch (b) {
      case ARRAY_CPU -> "array CPU";
      case HOST_CPU -> "host CPU";
      case PCIE -> "PCIe link";
      case NUMA -> "NUMA placement";
      case NETWORK -> "network";
      case DISK -> "disk";
      case NONE -> "workload";
    };
  }

  private static String kindName(String kind) {
    return switch (kind) {
      case EntityKind.HOST_CPU -> "host CPU";
      case EntityKind.CPU_SOCKET -> "CPU socket";
      case EntityKind.ARRAY_CPU -> "array node";
      case EntityKind.PCIE_LINK -> "PCIe link";
      case EntityKind.NET_PORT -> "port";
      default -> kind.replace('_', ' ');
    };
  }
}
