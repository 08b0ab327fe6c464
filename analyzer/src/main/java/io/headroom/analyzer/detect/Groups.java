package io.headroom.analyzer.detect;

import io.headroom.model.LimitGroup;
import java.util.List;

/**
 * Parallel members of one resource judged together: the ports of a fabric on the path, the PCIe
 * links or disks on it, the array's nodes. When all are at their ceiling the group is the limit
 * (study S1: 32 FC ports at line rate), and naming one port would send a reader to the wrong fix.
 */
final class Groups {
  private Groups() {}

  /** The group of the given loads (tightest first), null with fewer than two members. */
  static LimitGroup of(Context ctx, String name, List<Load> members) {
    if (members.size() < 2) {
      return null;
    }
    int at = 0;
    for (Load l : members) {
      if (l.pressure() >= ctx.thresholds().atCeiling()) {
        at++;
      }
    }
    return new LimitGroup(name, at, members.stream().map(Load::entity).toList());
  }

  /**
   * The ceiling of a whole group of ports the data crosses in tiers (study S1: each read crosses
   * a client port, two switch ports and a storage-node port, 8 ports a tier): "the data crosses 4
   * tiers of 8 ports: 8 x 3.2 GB/s = 25.6 GB/s a tier; the workload moved 25.56 GB/s". The
   * tiers are counted from the traffic, not the topology, which rarely says which port faces
   * which: the members' summed p95 over the workloads' mean throughput, rounded (S1: 32 x about
   * 3.25 GB/s / 25.56 GB/s = 4.07, so 4). Null when the workloads report no bytes, when the count
   * does not divide the members evenly, or with one member a tier (its own ceiling says it all).
   */
  static String tiers(Context ctx, List<Load> members) {
    double moved = WorkloadSignals.mean(WorkloadSignals.bytes(ctx));
    double carried = 0;
    double ceilings = 0;
    for (Load l : members) {
      carried += l.value();
      ceilings += l.ceiling();
    }
    long tiers = moved > 0 ? Math.round(carried / moved) : 0;
    if (tiers < 1 || members.size() % tiers != 0 || members.size() / tiers < 2) {
      return null;
    }
    long perTier = members.size() / tiers;
    double tierCeiling = ceilings / tiers;
    boolean alike = members.stream().allMatch(l -> l.ceiling() == members.get(0).ceiling());
    return "the data crosses " + tiers + " tiers of " + perTier + " ports: "
        + (alike ? perTier + " x " + Fmt.byteRate(members.get(0).ceiling()) + " = " : "")
        + Fmt.byteRate(tierCeiling) + " a tier; the workload moved " + Fmt.byteRate(moved);
  }

  /**
   * "32 of 32 fc ports on the path at their ceiling, the least loaded at 100% of line rate: the fabric is
   * the limit, not one port"; for a partial group only the count.
   *
   * @param whole what to say when every member is full
   */
  static String describe(LimitGroup g, List<Load> members, String whole) {
    String count = g.atCeiling() + " of " + g.entities().size() + " " + g.name() + " at their ceiling";
    if (!g.whole()) {
      return count;
    }
    Load least = members.get(members.size() - 1);
    return count + ", the least loaded at " + least.level() + ": " + whole;
  }
}
