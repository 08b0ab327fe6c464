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
