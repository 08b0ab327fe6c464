package io.headroom.app.report;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A parameter a sweep varies, as a phase's workload declares it (HCIBench's and vdbench's names,
 * fio's where they differ), with the words the sweep view says it in. The read share is shown as
 * the write share: the studies say "from 50% writes", and a limit that follows writes then grows
 * left to right.
 */
enum SweepParam {
  BLOCK_SIZE("block size", "block sizes", List.of("bs", "xfersize")),
  WRITES("write share", "write shares", List.of("rdpct", "rwmixread")),
  RANDOM("random share", "random shares", List.of("randompct", "seekpct")),
  QUEUE_DEPTH("queue depth", "queue depths", List.of("iodepth")),
  THREADS("threads", "thread counts", List.of("threads", "numjobs")),
  VMS("VMs", "VM counts", List.of("vms", "hosts"));

  final String label;
  final String plural;
  final List<String> keys;

  SweepParam(String label, String plural, List<String> keys) {
    this.label = label;
    this.plural = plural;
    this.keys = keys;
  }

  /** This parameter's value in a phase's workload, in the view's terms (writes from rdpct); NaN when absent. */
  double valueIn(Map<String, Object> workload) {
    for (String k : keys) {
      Object v = workload.get(k);
      if (v != null) {
        double d = number(v);
        return this == WRITES ? 100 - d : d;
      }
    }
    return Double.NaN;
  }

  /** The parameter named by a key ("bs", "rdpct", ...) or its label; null when none is. */
  static SweepParam named(String key) {
    for (SweepParam p : values()) {
      if (p.keys.contains(key) || p.label.equalsIgnoreCase(key) || p.name().equalsIgnoreCase(key)) {
        return p;
      }
    }
    return null;
  }

  /** A value alone, as a grid header: "32 KiB", "50%", "16". */
  String shortValue(double v) {
    return switch (this) {
      case BLOCK_SIZE -> size(v);
      case WRITES, RANDOM -> whole(v) + "%";
      default -> whole(v);
    };
  }

  /** A value in a sentence: "64 KiB blocks", "50% writes", "75% random", "queue depth 32", "16 threads". */
  String phrase(double v) {
    return switch (this) {
      case BLOCK_SIZE -> size(v) + " blocks";
      case WRITES -> whole(v) + "% writes";
      case RANDOM -> whole(v) + "% random";
      case QUEUE_DEPTH -> "queue depth " + whole(v);
      case THREADS -> whole(v) + " threads";
      case VMS -> whole(v) + " VMs";
    };
  }

  private static String size(double bytes) {
    if (bytes >= 1 << 20 && bytes % (1 << 20) == 0) {
      return whole(bytes / (1 << 20)) + " MiB";
    }
    if (bytes >= 1024 && bytes % 1024 == 0) {
      return whole(bytes / 1024) + " KiB";
    }
    return whole(bytes) + " B";
  }

  private static String whole(double v) {
    return v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.1f", v);
  }

  private static double number(Object v) {
    if (v instanceof Number n) {
      return n.doubleValue();
    }
    try {
      return Double.parseDouble(String.valueOf(v).trim());
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }
}
