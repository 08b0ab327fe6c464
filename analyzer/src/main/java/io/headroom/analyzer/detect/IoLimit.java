package io.headroom.analyzer.detect;

import io.headroom.model.Metrics;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One configured I/O limit of a cgroup, as the host source records them in its {@code io_limits}
 * attribute: cgroup v1's blkio throttle files ("7:0 300 read_iops_device") or a cgroup v2 io.max
 * line ("7:0 rbps=max wbps=max riops=300 wiops=max", one limit per key that is not "max").
 *
 * @param device the block device's major:minor
 * @param metric the reading the limit holds (read_iops, write_iops, read_bytes_per_s, write_bytes_per_s)
 * @param value the limit, in that reading's unit
 * @param knob the setting as the kernel names it ("blkio.throttle.read_iops_device", "io.max riops")
 */
record IoLimit(String device, String metric, double value, String knob) {
  /** Every limit in the entity's io_limits attribute; empty when it has none or none parses. */
  static List<IoLimit> of(Context ctx, String entity) {
    List<IoLimit> out = new ArrayList<>();
    Object attr = ctx.entity(entity).attrs().get("io_limits");
    if (!(attr instanceof List<?> lines)) {
      return out;
    }
    for (Object line : lines) {
      parse(String.valueOf(line), out);
    }
    return out;
  }

  static void parse(String line, List<IoLimit> out) {
    String[] f = line.trim().split("\\s+");
    if (f.length == 3 && f[2].endsWith("_device")) {
      String metric = metricOfV1(f[2]);
      double v = number(f[1]);
      if (metric != null && v > 0) {
        out.add(new IoLimit(f[0], metric, v, "blkio.throttle." + f[2]));
      }
      return;
    }
    for (int i = 1; i < f.length; i++) {
      String[] kv = f[i].split("=", 2);
      String metric = kv.length == 2 ? metricOfV2(kv[0]) : null;
      double v = kv.length == 2 ? number(kv[1]) : Double.NaN;
      if (metric != null && v > 0) {
        out.add(new IoLimit(f[0], metric, v, "io.max " + kv[0]));
      }
    }
  }

  private static String metricOfV1(String name) {
    return switch (name) {
      case "read_iops_device" -> Metrics.READ_IOPS;
      case "write_iops_device" -> Metrics.WRITE_IOPS;
      case "read_bps_device" -> Metrics.READ_BYTES_PER_S;
      case "write_bps_device" -> Metrics.WRITE_BYTES_PER_S;
      default -> null;
    };
  }

  private static String metricOfV2(String key) {
    return switch (key.toLowerCase(Locale.ROOT)) {
      case "riops" -> Metrics.READ_IOPS;
      case "wiops" -> Metrics.WRITE_IOPS;
      case "rbps" -> Metrics.READ_BYTES_PER_S;
      case "wbps" -> Metrics.WRITE_BYTES_PER_S;
      default -> null;
    };
  }

  /** A number, NaN for "max" or anything else. */
  private static double number(String s) {
    try {
      return Double.parseDouble(s);
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }
}
