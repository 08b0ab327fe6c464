package io.headroom.analyzer.detect;

import io.headroom.model.Rel;
import io.headroom.model.Bottleneck;
import io.headroom.model.Ceilings;
import io.headroom.model.EntityKind;
import io.headroom.model.HeadroomEntry;
import io.headroom.model.Relation;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The resources that could bind next (docs/detection.md, section 8): every entity on the data path
 * with a ceiling whose load grows with the workload's throughput, parallel members of one kind
 * counted as one resource, and a degraded primary link at the training it is capable of.
 */
final class NextCandidates {
  /**
   * Readings that do not grow with throughput in proportion: busy time saturates at 100% long
   * before an SSD serving many requests at once is full (DiskRule asks for a queue for that reason).
   */
  private static final Set<String> NOT_PROPORTIONAL = Set.of(Reading.BUSY.word);

  private NextCandidates() {}

  /**
   * One resource that could bind: its tightest member's load, every member's headroom row tightest
   * first, and a label when it is not the entity as it stands (a link at its capable training).
   */
  record Candidate(Bottleneck bottleneck, Load load, List<HeadroomEntry> members, String label, Demand demand,
      double level) {
    Candidate(Bottleneck bottleneck, Load load, List<HeadroomEntry> members, String label, double level) {
      this(bottleneck, load, members, label, null, level);
    }

    /**
     * Its pressure in proportion to the workload's throughput: from its demand across the run's
     * phases where known (its background left out), else this window's mean load over its
     * practical ceiling (the utilisation law holds for means; a p95 would add the readings' noise
     * to every bound worked out from it).
     */
    double pressure() {
      return demand != null ? demand.pressure() : level;
    }

    /** The same candidate with its demand read across the run's phases, when they tell it. */
    Candidate withDemandFrom(Context ctx) {
      Demand d = label == null ? Demand.of(ctx, load.entity()) : null;
      return d == null ? this : new Candidate(bottleneck, load, members, label, d, level);
    }

    /** "s4/perc0/vd0", or the label of a retrained link. */
    String name() {
      return label != null ? label : load.entity();
    }
  }

  /** The class a resource of this kind would be named by; null for kinds the rules do not judge. */
  static Bottleneck classOf(String kind) {
    return switch (kind) {
      case EntityKind.PCIE_LINK -> Bottleneck.PCIE;
      case EntityKind.NET_PORT -> Bottleneck.NETWORK;
      case EntityKind.DISK -> Bottleneck.DISK;
      case EntityKind.ARRAY_CPU -> Bottleneck.ARRAY_CPU;
      case EntityKind.HOST_CPU, EntityKind.CPU_SOCKET, EntityKind.CPU -> Bottleneck.HOST_CPU;
      default -> null;
    };
  }

  /**
   * The path's resources that carry the workload's load, excluded and implausible ones left out, grouped by kind
   * (and fabric, for ports), heaviest first. Read from the phase's headroom table, whose rows are
   * the same loads ({@link Loads}), so that no load is worked out twice; only each group's tightest
   * member's is, for its evidence.
   */
  static List<Candidate> onPath(Context ctx, List<HeadroomEntry> rows, Set<String> excluded) {
    Map<String, List<HeadroomEntry>> byKind = new LinkedHashMap<>();
    for (HeadroomEntry row : tightestFirst(rows)) {
      // an implausible reading (above its ceiling by more than jitter) proves its ceiling or counter
      // wrong: no gain can be worked out against it
      if (!row.onPath() || row.implausible() || excluded.contains(row.entity()) || classOf(row.kind()) == null
          || !(row.lineRate() > 0) || NOT_PROPORTIONAL.contains(row.reading())) {
        continue;
      }
      String key = EntityKind.NET_PORT.equals(row.kind()) ? row.kind() + '\0' + ctx.attr(row.entity(), "fabric") : row.kind();
      byKind.computeIfAbsent(key, k -> new ArrayList<>()).add(row);
    }
    List<Candidate> found = new ArrayList<>();
    for (List<HeadroomEntry> members : byKind.values()) {
      Load top = Load.of(ctx, members.get(0).entity());
      found.add(new Candidate(classOf(members.get(0).kind()), top, members, null, top.meanPressure(ctx)));
    }
    found.sort(Comparator.comparingDouble(Candidate::pressure).reversed());
    return found;
  }

  private static final Comparator<HeadroomEntry> TIGHTEST_FIRST =
      Comparator.comparingDouble(HeadroomEntry::utilization).reversed().thenComparing(HeadroomEntry::entity);

  /** The rows tightest first: as they are when the phase's table is (it usually is), else sorted. */
  private static List<HeadroomEntry> tightestFirst(List<HeadroomEntry> rows) {
    for (int i = 1; i < rows.size(); i++) {
      if (TIGHTEST_FIRST.compare(rows.get(i - 1), rows.get(i)) > 0) {
        List<HeadroomEntry> sorted = new ArrayList<>(rows);
        sorted.sort(TIGHTEST_FIRST);
        return sorted;
      }
    }
    return rows;
  }

  /**
   * The primary link at the generation and width (or port speed) it is capable of, when it
   * trained below them: lifting a card in a narrow slot is moving it to a full one, where the
   * same link binds again at its full ceiling (study S1: Gen4 x8 of x16). Null when not degraded.
   */
  static Candidate retrained(Context ctx, Bottleneck bottleneck, Load primary) {
    String id = primary.entity();
    String kind = ctx.entity(id).kind();
    double now;
    double capable;
    String label;
    if (EntityKind.PCIE_LINK.equals(kind)) {
      now = Ceilings.pcie(ctx.attrNumber(id, "gen"), ctx.attrNumber(id, "width"));
      double gen = orElse(ctx.attrNumber(id, "max_gen"), ctx.attrNumber(id, "gen"));
      double width = orElse(ctx.attrNumber(id, "max_width"), ctx.attrNumber(id, "width"));
      capable = Ceilings.pcie(gen, width);
      label = id + " at Gen" + Fmt.num(gen) + " x" + Fmt.num(width);
    } else if (EntityKind.NET_PORT.equals(kind)) {
      String fabric = ctx.attr(id, "fabric");
      now = Ceilings.port(fabric, ctx.attrNumber(id, "speed_bps"));
      capable = Ceilings.port(fabric, ctx.attrNumber(id, "max_speed_bps"));
      label = id + " at " + Fmt.num(ctx.attrNumber(id, "max_speed_bps") / 1e9) + " Gb/s";
    } else {
      return null;
    }
    if (!(capable > now)) {
      return null;
    }
    // the declared ceiling scaled by what the full training adds, so a declared capacity still wins
    Load full = new Load(id, primary.reading(), primary.metric(), primary.value(), primary.ceiling() * capable / now, primary.practical());
    HeadroomEntry row = new HeadroomEntry(id, kind, full.pressure(), full.share(), full.what(), true);
    return new Candidate(bottleneck, full, List.of(row), label, primary.meanPressure(ctx) * now / capable);
  }

  /** Kinds that make up one machine's CPU: the whole, its sockets, their CPUs. */
  private static final Set<String> CPU_KINDS = Set.of(EntityKind.HOST_CPU, EntityKind.CPU_SOCKET, EntityKind.CPU);

  /**
   * The CPU entities joined to a CPU by {@code on}, either way (a host's sockets, a socket's host
   * and CPUs): parts and whole of one machine's CPU, lifted with it, since a socket's load is a
   * share of its host's; empty for an entity of another kind.
   */
  static Set<String> cpuFamily(Context ctx, String id) {
    Set<String> family = new HashSet<>();
    if (!CPU_KINDS.contains(ctx.entity(id).kind())) {
      return family;
    }
    Deque<String> todo = new ArrayDeque<>(List.of(id));
    while (!todo.isEmpty()) {
      String at = todo.pop();
      for (Relation r : ctx.data().relations()) {
        String other = !r.rel().equals(Rel.ON.wire()) ? null : r.from().equals(at) ? r.to() : r.to().equals(at) ? r.from() : null;
        if (other != null && CPU_KINDS.contains(ctx.entity(other).kind()) && family.add(other)) {
          todo.push(other);
        }
      }
    }
    return family;
  }

  private static double orElse(double v, double fallback) {
    return Double.isNaN(v) ? fallback : v;
  }
}
