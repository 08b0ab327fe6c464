package io.headroom.analyzer.detect;

import io.headroom.model.Rel;
import io.headroom.model.Bottleneck;
import io.headroom.model.EntityKind;
import io.headroom.model.LimitGroup;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Disk aggregates and their members, as the host source relates them: an md array or a dm device
 * is {@code behind} each disk it is built on (its slaves/). An aggregate at its ceiling because
 * one member is (md RAID0 over four HDDs, one failing: the bad member 100% busy, its peers at
 * 41%, the array 100% busy only through it) is limited by that member, which the verdict names;
 * the aggregate is the evidence. All members full makes the members a group. dm-multipath heads
 * are Multipath's, judged before this.
 */
final class Members {
  private Members() {}

  /** The aggregate's member disks on the path with a plausible load, tightest first. */
  static List<Load> of(Context ctx, String aggregate) {
    List<Load> out = new ArrayList<>();
    for (String id : ctx.path().related(aggregate, Rel.BEHIND.wire())) {
      if (EntityKind.DISK.equals(ctx.entity(id).kind()) && ctx.path().contains(id)) {
        Load l = PathLoads.plausible(ctx, Load.disk(ctx, id));
        if (l != null) {
          out.add(l);
        }
      }
    }
    out.sort(Comparator.comparingDouble(Load::pressure).reversed().thenComparing(Load::entity));
    return out;
  }

  /**
   * The outermost aggregate with a finding above {@code f}'s disk (an md array over the disk that
   * was found tightest), or {@code f} itself: the judgement starts at the top and descends.
   */
  static Finding topAggregate(Context ctx, Finding f, Map<String, Finding> found) {
    Finding top = f;
    Set<String> seen = new HashSet<>();
    boolean climbed = true;
    while (climbed && seen.add(top.entity())) {
      climbed = false;
      for (Map.Entry<String, Finding> e : found.entrySet()) {
        if (ctx.path().related(e.getKey(), Rel.BEHIND.wire()).contains(top.entity())) {
          top = e.getValue();
          climbed = true;
          break;
        }
      }
    }
    return top;
  }

  /**
   * The member limiting the aggregate, with the aggregate (and any level between) as evidence;
   * null when the aggregate has no member at its ceiling (it is then its own limit).
   */
  static Finding limit(Context ctx, Finding aggregate, Map<String, Finding> found) {
    return limit(ctx, aggregate, found, new HashSet<>());
  }

  /**
   * {@code descended}: the aggregates already passed through. A disk behind itself, or a loop of
   * disks behind each other, ends the descent where it comes round again (it recursed until the
   * stack overflowed, issue 43).
   */
  private static Finding limit(Context ctx, Finding aggregate, Map<String, Finding> found, Set<String> descended) {
    if (!descended.add(aggregate.entity())) {
      return null;
    }
    List<Load> members = of(ctx, aggregate.entity());
    Finding tightest = members.isEmpty() ? null : found.get(members.get(0).entity());
    if (tightest == null) {
      return null;
    }
    Finding finer = limit(ctx, tightest, found, descended);
    Finding member = finer != null ? finer : tightest;
    List<String> evidence = new ArrayList<>(member.evidence());
    long full = members.stream().filter(l -> found.containsKey(l.entity())).count();
    if (full == members.size() && members.size() > 1) {
      return whole(ctx, aggregate.entity(), members, member);
    }
    evidence.add(onlyThrough(ctx, aggregate, tightest.entity(), members, full));
    return new Finding(Bottleneck.DISK, member.load(), member.confidence(), evidence);
  }

  /**
   * The members of an aggregate that has no finding of its own (an md array reads no busy time:
   * md does not account time in flight), all full together: they are parallel members of one
   * resource, the aggregate's, and lifting one would leave the others at their ceiling. Null when
   * the disk is no member of such an aggregate, or not every member of it is full.
   */
  static Finding allFull(Context ctx, Finding disk, Map<String, Finding> found) {
    for (String aggregate : aggregatesOf(ctx, disk.entity())) {
      List<Load> members = of(ctx, aggregate);
      if (!found.containsKey(aggregate) && members.size() > 1
          && members.stream().allMatch(l -> found.containsKey(l.entity()))) {
        return whole(ctx, aggregate, members, found.get(members.get(0).entity()));
      }
    }
    return null;
  }

  /** Every member full: the tightest named, the members its group. */
  private static Finding whole(Context ctx, String aggregate, List<Load> members, Finding member) {
    LimitGroup group = Groups.of(ctx, "members of " + aggregate, members);
    List<String> evidence = new ArrayList<>(member.evidence());
    evidence.add(Groups.describe(group, members, "the aggregate is the limit, not one member"));
    return new Finding(Bottleneck.DISK, member.load(), member.confidence(), evidence).withGroup(group);
  }

  /** The disks on the path built on this one (an md array or dm device behind it). */
  private static List<String> aggregatesOf(Context ctx, String disk) {
    List<String> out = new ArrayList<>();
    for (String id : ctx.path().ofKind(EntityKind.DISK)) {
      if (ctx.path().related(id, Rel.BEHIND.wire()).contains(disk)) {
        out.add(id);
      }
    }
    return out;
  }

  /**
   * "h1/disk/md0 (raid0) busy p95 1.00 of the time only through h1/disk/sdc: the other 3 members
   * at busy p95 0.41 to 0.42; a stripe is as fast as its slowest member".
   */
  private static String onlyThrough(Context ctx, Finding aggregate, String member, List<Load> members, long full) {
    String id = aggregate.entity();
    String level = ctx.attr(id, "md_level");
    String reading = aggregate.load() == null ? id : aggregate.load().describe();
    String head = reading.replaceFirst("^" + java.util.regex.Pattern.quote(id), id + (level == null ? "" : " (" + level + ")"));
    List<Load> rest = members.stream().filter(l -> !l.entity().equals(member)).toList();
    String others = rest.isEmpty() ? "" : ": the other " + rest.size() + " member" + (rest.size() == 1 ? "" : "s")
        + " at " + range(rest);
    String count = full > 1 ? " (" + full + " of " + members.size() + " members at their ceiling)" : "";
    return head + " only through " + member + count + others + "; a stripe is as fast as its slowest member";
  }

  /** "busy p95 0.41 to 0.42", "41% to 43% of their spec" for the members' levels, tightest first; one level when they agree. */
  private static String range(List<Load> loads) {
    Load most = loads.get(0);
    Load least = loads.get(loads.size() - 1);
    if (most.level().equals(least.level())) {
      return least.level();
    }
    boolean spec = least.reading().spec();
    return spec ? Fmt.pct(least.share()) + " to " + Fmt.pct(most.share()) + " of their spec"
        : least.level() + " to " + Fmt.frac(most.value());
  }
}
