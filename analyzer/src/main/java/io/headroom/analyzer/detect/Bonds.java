package io.headroom.analyzer.detect;

import io.headroom.model.Rel;
import io.headroom.model.EntityKind;
import java.util.ArrayList;
import java.util.List;

/**
 * Bonds as the host source relates them: a bond {@code net_port} is {@code behind} each member
 * port. A bond's line rate is its members' sum, but one flow hashes onto one member, so a member
 * at line rate limits the run while the bond shows half; and a full bond is full through its
 * members. Either way the member is named and the bond is the evidence (docs/detection.md,
 * Granularity).
 */
final class Bonds {
  private Bonds() {}

  /** The bond's member ports among {@code loads}, in their order (tightest first). */
  static List<Load> members(Context ctx, String bond, List<Load> loads) {
    List<String> below = ctx.path().related(bond, Rel.BEHIND.wire());
    List<Load> out = new ArrayList<>();
    for (Load l : loads) {
      if (below.contains(l.entity()) && EntityKind.NET_PORT.equals(ctx.entity(l.entity()).kind())) {
        out.add(l);
      }
    }
    return out;
  }

  /** The bond on the path that {@code port} is a member of, or null. */
  static String bondOf(Context ctx, String port) {
    for (String id : ctx.path().ofKind(EntityKind.NET_PORT)) {
      if (ctx.path().related(id, Rel.BEHIND.wire()).contains(port)) {
        return id;
      }
    }
    return null;
  }

  /**
   * "h1/net/bond0 (802.3ad) rx p95 6.25 GB/s = 50% of 12.5 GB/s, through its member h1/net/ens1f0":
   * what the coarser view of the same traffic shows.
   */
  static String note(Context ctx, Load bond, String member) {
    String mode = ctx.attr(bond.entity(), "bond_mode");
    return bond.describe().replaceFirst("^" + java.util.regex.Pattern.quote(bond.entity()),
        bond.entity() + (mode == null ? "" : " (" + mode + ")")) + ", through its member " + member;
  }
}
