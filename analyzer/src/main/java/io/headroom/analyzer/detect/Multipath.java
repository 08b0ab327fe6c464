package io.headroom.analyzer.detect;

import io.headroom.model.Rel;
import io.headroom.model.EntityKind;
import io.headroom.model.LimitGroup;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * dm-multipath devices as the host source reports them: a {@code disk} whose device-mapper uuid
 * (/sys/block/dm-N/dm/uuid, attr {@code dm_uuid}) starts with {@value #UUID_PREFIX}, the prefix
 * multipath-tools gives its maps, {@code behind} each of its paths (the sd devices under
 * /sys/block/dm-N/slaves). Its paths are parallel members: all full is the multipath device's
 * limit, one full of four an idle path group (failover policy) or a dead path.
 */
final class Multipath {
  static final String UUID_PREFIX = "mpath-";

  private Multipath() {}

  /** The multipath device {@code disk} is, or is a path of, on the run's path; null when neither. */
  static String headOf(Context ctx, String disk) {
    if (isHead(ctx, disk)) {
      return disk;
    }
    for (String id : ctx.path().ofKind(EntityKind.DISK)) {
      if (isHead(ctx, id) && ctx.path().related(id, Rel.BEHIND.wire()).contains(disk)) {
        return id;
      }
    }
    return null;
  }

  /** The head's paths with a plausible load, tightest first. */
  static List<Load> paths(Context ctx, String head) {
    List<Load> out = new ArrayList<>();
    for (String id : ctx.path().related(head, Rel.BEHIND.wire())) {
      if (EntityKind.DISK.equals(ctx.entity(id).kind())) {
        Load l = PathLoads.plausible(ctx, Load.disk(ctx, id));
        if (l != null) {
          out.add(l);
        }
      }
    }
    out.sort(Comparator.comparingDouble(Load::pressure).reversed().thenComparing(Load::entity));
    return out;
  }

  /** "paths of h1/disk/dm-0 (mpatha)": the kernel's name and the one multipath -ll prints. */
  static LimitGroup group(Context ctx, String head, List<Load> paths) {
    String alias = ctx.attr(head, "dm_name");
    return Groups.of(ctx, "paths of " + head + (alias == null ? "" : " (" + alias + ")"), paths);
  }

  private static boolean isHead(Context ctx, String id) {
    String uuid = ctx.attr(id, "dm_uuid");
    return uuid != null && uuid.startsWith(UUID_PREFIX);
  }
}
