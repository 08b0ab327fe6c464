package io.headroom.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What limits, as the headlines name it: the verdict's entity, or, when every member of its group
 * is at its ceiling, the group ("the array s5/ps1200t, both nodes at 96%"). The first member of a
 * full group is only the tightest of equals; naming it would send a reader to one node, one port
 * or one drive when the fix is the whole array, fabric or stripe. The text output, the JSON
 * verdict's {@code limit}, the report's headline and the alerts all use this one phrase.
 */
public final class LimitName {
  private LimitName() {}

  /** The phase's limit; null when nothing limits (NONE) or the phase was not judged. */
  public static String of(PhaseVerdict p) {
    if (p.bottleneck() == null || p.bottleneck() == Bottleneck.NONE) {
      return null;
    }
    LimitGroup g = p.group();
    if (g == null || !g.whole() || g.entities().size() < 2) {
      return p.entity();
    }
    return group(g, p.headroom());
  }

  /**
   * The run's limit: that of the phase its evidence quotes ("[name] ..."), which is the phase
   * whose entity the run names; the run's entity when no phase is quoted.
   */
  public static String of(Verdict v) {
    if (v.bottleneck() == null || v.bottleneck() == Bottleneck.NONE) {
      return null;
    }
    for (String line : v.evidence()) {
      for (PhaseVerdict p : v.phases()) {
        if (line.startsWith("[" + p.name() + "] ") && p.bottleneck() == v.bottleneck()) {
          return of(p);
        }
      }
    }
    return v.entity();
  }

  /** "the array s5/ps1200t, both nodes at 96%"; "the fc fabric, all 32 ports on the path at 100% of line rate". */
  static String group(LimitGroup g, List<HeadroomEntry> rows) {
    String name = g.name();
    String subject;
    String members;
    if (name.equals("array nodes on the path")) {
      String parent = commonParent(g.entities());
      subject = parent == null ? "the array" : "the array " + parent;
      members = "nodes";
    } else if (name.startsWith("members of ")) {
      subject = name.substring("members of ".length());
      members = "members";
    } else if (name.startsWith("paths of ")) {
      subject = name.substring("paths of ".length());
      members = "paths";
    } else if (name.endsWith("ports on the path")) {
      String fabric = name.substring(0, name.length() - "ports on the path".length()).trim();
      subject = fabric.isEmpty() ? "the fabric" : "the " + fabric + " fabric";
      members = "ports on the path";
    } else if (name.equals("PCIe links on the path")) {
      subject = "the PCIe links on the path";
      members = null;
    } else if (name.equals("disks with a spec on the path")) {
      subject = "the disks on the path";
      members = null;
    } else {
      subject = name;
      members = null;
    }
    int n = g.entities().size();
    String count = n == 2 ? "both" : "all " + n;
    return subject + ", " + count + (members == null ? "" : " " + members) + figure(g.entities(), rows);
  }

  /** " at 96%", " at 96% to 97% of line rate": the members' shares of their declared ceilings. */
  private static String figure(List<String> entities, List<HeadroomEntry> rows) {
    List<HeadroomEntry> found = new ArrayList<>();
    for (String e : entities) {
      rows.stream().filter(h -> h.entity().equals(e)).findFirst().ifPresent(found::add);
    }
    if (found.isEmpty()) {
      return " at their ceiling";
    }
    long low = Math.round(found.stream().mapToDouble(HeadroomEntry::lineRate).min().orElseThrow() * 100);
    long high = Math.round(found.stream().mapToDouble(HeadroomEntry::lineRate).max().orElseThrow() * 100);
    String range = low == high ? low + "%" : low + "% to " + high + "%";
    return String.format(Locale.ROOT, " at %s%s", range, unit(found.get(0)));
  }

  private static String unit(HeadroomEntry h) {
    return switch (h.kind()) {
      case EntityKind.NET_PORT, EntityKind.PCIE_LINK -> " of line rate";
      case EntityKind.DISK -> "busy".equals(h.reading()) ? " busy" : " of their spec";
      default -> "";
    };
  }

  /** "s5/ps1200t" for s5/ps1200t/node-a and s5/ps1200t/node-b; null when they share no parent. */
  static String commonParent(List<String> ids) {
    String first = ids.get(0);
    int slash = first.lastIndexOf('/');
    if (slash <= 0) {
      return null;
    }
    String parent = first.substring(0, slash);
    for (String id : ids) {
      if (!id.startsWith(parent + "/") || id.indexOf('/', parent.length() + 1) >= 0) {
        return null;
      }
    }
    return parent;
  }
}
