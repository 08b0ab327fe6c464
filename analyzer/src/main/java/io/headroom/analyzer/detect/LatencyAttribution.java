package io.headroom.analyzer.detect;

import io.headroom.model.Rel;
import io.headroom.model.Bottleneck;
import io.headroom.model.Metrics;
import io.headroom.model.EntityKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Where each I/O's time went, from the points of the path that report a per-I/O latency: the
 * workload's own (everything), the host's block device it targets (its await: everything below
 * the host's block layer) and the array's (a volume served by array nodes, or the nodes' own
 * latency, as PowerStore and ONTAP report them: the time inside the array). Each is a mean of
 * the window weighted by the I/Os of each entity, so the parts are of one I/O, and a part is the
 * difference of two nested points: the host's stack is the workload's latency less its device's,
 * the link and fabric the device's less the array's. The largest part is where the time is; the
 * verdict is confirmed when its class sits in that part, and questioned, in words, when not: a
 * saturated resource makes I/Os wait where it is.
 */
final class LatencyAttribution {
  /** A direction of I/O: the word the evidence uses and the metrics it is read from. */
  enum Dir {
    READ("read", Metrics.READ_LATENCY_S, Metrics.READ_IOPS),
    WRITE("write", Metrics.WRITE_LATENCY_S, Metrics.WRITE_IOPS);

    final String word;
    final String latency;
    final String iops;

    Dir(String word, String latency, String iops) {
      this.word = word;
      this.latency = latency;
      this.iops = iops;
    }
  }

  /** Where an I/O's time can be. */
  enum Part {
    HOST_STACK("in the host's I/O stack"),
    BETWEEN("between the host and the array (links, network or fabric)"),
    ARRAY("in the array"),
    OUTSIDE_ARRAY("outside the array (the host and the network)"),
    BELOW_HOST("below the host's block layer (link, fabric, device)");

    final String where;

    Part(String where) {
      this.where = where;
    }
  }

  record Split(Dir dir, double workload, List<Part> parts, List<Double> seconds) {
    Part largest() {
      int best = 0;
      for (int i = 1; i < seconds.size(); i++) {
        if (seconds.get(i) > seconds.get(best)) {
          best = i;
        }
      }
      return parts.get(best);
    }
  }

  private LatencyAttribution() {}

  /** One evidence line per direction with I/O and at least two latency points; none otherwise. */
  static List<String> notes(Context ctx, Bottleneck verdict) {
    List<String> out = new ArrayList<>();
    for (Dir dir : Dir.values()) {
      Split s = split(ctx, dir);
      if (s != null) {
        out.add(line(s, verdict, verdictPart(verdict, s)));
      }
    }
    return out;
  }

  /** The split of one direction's latency; null without the workload's and one more point. */
  static Split split(Context ctx, Dir dir) {
    DataPath path = ctx.path();
    double workload = weighted(ctx, new ArrayList<>(path.workloads()), dir);
    List<String> device = new ArrayList<>();
    List<String> volumes = new ArrayList<>();
    for (String w : path.workloads()) {
      for (String t : path.related(w, Rel.TARGETS.wire())) {
        if (EntityKind.DISK.equals(ctx.entity(t).kind()) && !device.contains(t) && !volumes.contains(t)) {
          (arraySide(path, t) ? volumes : device).add(t);
        }
      }
    }
    double host = weighted(ctx, device, dir);
    double array = weighted(ctx, volumes, dir);
    if (Double.isNaN(array)) {
      array = weighted(ctx, path.ofKind(EntityKind.ARRAY_CPU), dir);
    }
    if (Double.isNaN(workload) || workload <= 0 || (Double.isNaN(host) && Double.isNaN(array))) {
      return null;
    }
    // a nested point is part of the one around it: a device's mean above the workload's (sources
    // averaged differently, a 20 s array mean) is taken as all of it, so no part exceeds its whole
    host = Math.min(host, workload);
    array = Math.min(array, Double.isNaN(host) ? workload : host);
    if (!Double.isNaN(host) && !Double.isNaN(array)) {
      return new Split(dir, workload, List.of(Part.HOST_STACK, Part.BETWEEN, Part.ARRAY),
          List.of(part(workload - host), part(host - array), part(array)));
    }
    if (!Double.isNaN(array)) {
      return new Split(dir, workload, List.of(Part.ARRAY, Part.OUTSIDE_ARRAY), List.of(part(array), part(workload - array)));
    }
    return new Split(dir, workload, List.of(Part.BELOW_HOST, Part.HOST_STACK), List.of(part(host), part(workload - host)));
  }

  /** A volume the array serves and no host link sits in front of: its latency is the array's own. */
  private static boolean arraySide(DataPath path, String disk) {
    return !path.related(disk, Rel.SERVED_BY.wire()).isEmpty() && path.related(disk, Rel.BEHIND.wire()).isEmpty();
  }

  /** Means can cross by noise or by averaging differently (a 20 s array mean): no part below zero. */
  private static double part(double seconds) {
    return Math.max(0, seconds);
  }

  /** The entities' mean latency in the window, each weighted by its mean IOPS (1 without them); NaN with none. */
  private static double weighted(Context ctx, List<String> ids, Dir dir) {
    double sum = 0;
    double weight = 0;
    for (String id : ids) {
      double lat = ctx.mean(id, dir.latency);
      if (Double.isNaN(lat)) {
        continue;
      }
      double iops = ctx.mean(id, dir.iops);
      double w = Double.isNaN(iops) ? 1 : iops;
      if (w <= 0) {
        continue;
      }
      sum += lat * w;
      weight += w;
    }
    return weight == 0 ? Double.NaN : sum / weight;
  }

  /** The part a verdict's class puts the waiting in; null for NONE (nothing to confirm). */
  static Part verdictPart(Bottleneck b, Split s) {
    boolean threePoints = s.parts().size() == 3;
    boolean arrayKnown = s.parts().contains(Part.ARRAY);
    return switch (b) {
      case ARRAY_CPU -> Part.ARRAY;
      // a disk behind an array is the array's back end; a local one is below the block layer
      case DISK -> arrayKnown ? Part.ARRAY : Part.BELOW_HOST;
      case NETWORK, PCIE -> threePoints ? Part.BETWEEN : arrayKnown ? Part.OUTSIDE_ARRAY : Part.BELOW_HOST;
      case HOST_CPU, NUMA -> arrayKnown && !threePoints ? Part.OUTSIDE_ARRAY : Part.HOST_STACK;
      case NONE -> null;
    };
  }

  /**
   * "latency, reads: of 1.90 ms per read, the array served 1.70 ms (89%), 0.20 ms outside the
   * array (the host and the network): the time is in the array; it confirms the verdict (ARRAY_CPU)".
   */
  static String line(Split s, Bottleneck verdict, Part verdictPart) {
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < s.parts().size(); i++) {
      parts.add(phrase(s.parts().get(i), s.seconds().get(i), s.workload()));
    }
    Part largest = s.largest();
    String text = String.format(Locale.ROOT, "latency, %ss: of %s per %s, %s: the time is %s", s.dir().word, ms(s.workload()),
        s.dir().word, String.join(", ", parts), largest.where);
    if (verdictPart == null) {
      return text;
    }
    if (verdictPart == largest) {
      return text + "; it confirms the verdict (" + verdict + ")";
    }
    if (holdsTheLinksWait(verdict, largest)) {
      return text + "; it agrees with the verdict (" + verdict + "): an array times each I/O until its data has"
          + " crossed the link, so the wait for a full link in front of it counts as the array's";
    }
    int at = s.parts().indexOf(verdictPart);
    if (at < 0) {
      // the verdict's part is no point of this split (ARRAY_CPU where the array reports no latency
      // of its own, issue 43): say what is missing rather than guess it or fail the analysis
      return text + String.format(Locale.ROOT, "; it neither confirms nor questions the verdict (%s): the time %s is not"
          + " known (%s)", verdict, verdictPart.where, unmeasured(verdictPart, s.dir()));
    }
    double there = s.seconds().get(at);
    return text + String.format(Locale.ROOT, "; it questions the verdict (%s): only %s (%s) of each %s is %s", verdict,
        ms(there), Fmt.pct(there / s.workload()), s.dir().word, verdictPart.where);
  }

  /**
   * A full link or port in front of the array shows inside the array's own figure: the array times
   * a read until its data has left through that link, and a write from the command until its data
   * has arrived through it, so the I/O waits for the link inside "the time in the array".
   */
  private static boolean holdsTheLinksWait(Bottleneck verdict, Part largest) {
    return (verdict == Bottleneck.NETWORK || verdict == Bottleneck.PCIE) && largest == Part.ARRAY;
  }

  /**
   * True when a direction's split puts the time where the verdict's class does not and nothing
   * explains why: the verdict is questioned, and its confidence is held below QUESTIONED.
   */
  static boolean questions(Context ctx, Bottleneck verdict) {
    for (Dir dir : Dir.values()) {
      Split s = split(ctx, dir);
      Part at = s == null ? null : verdictPart(verdict, s);
      if (at != null && at != s.largest() && s.parts().contains(at) && !holdsTheLinksWait(verdict, s.largest())) {
        return true;
      }
    }
    return false;
  }

  /** The highest confidence a verdict keeps when its own latency split questions it. */
  static final double QUESTIONED = 0.8;

  /** Which reading would have given the missing part. */
  private static String unmeasured(Part p, Dir dir) {
    return p == Part.ARRAY
        ? "no " + dir.latency + " of a volume the array serves or of its nodes in the window"
        : "no point of the path reports it";
  }

  private static String phrase(Part p, double seconds, double of) {
    String share = Fmt.pct(seconds / of);
    return switch (p) {
      case ARRAY -> "the array served " + ms(seconds) + " (" + share + ")";
      case HOST_STACK -> ms(seconds) + " (" + share + ") in the host's I/O stack";
      case BETWEEN -> ms(seconds) + " (" + share + ") between the host's device and the array";
      case OUTSIDE_ARRAY -> ms(seconds) + " (" + share + ") outside the array";
      case BELOW_HOST -> "the host's device saw " + ms(seconds) + " (" + share + ")";
    };
  }

  private static String ms(double seconds) {
    return String.format(Locale.ROOT, "%.2f ms", seconds * 1000);
  }
}
