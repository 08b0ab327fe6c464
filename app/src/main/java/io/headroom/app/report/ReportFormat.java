package io.headroom.app.report;

import io.headroom.analyzer.detect.Fmt;
import io.headroom.model.Metrics;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The report's words for a run's declared figures: ceilings in units, the workload as a person says it. */
final class ReportFormat {
  private ReportFormat() {}

  /** {bytes_per_s=1.25E10, iops=100000} as "12.5 GB/s, 100,000 IOPS"; an unknown key as key=value. */
  static String ceilings(Map<String, Double> capacity) {
    List<String> out = new ArrayList<>();
    for (Map.Entry<String, Double> c : capacity.entrySet()) {
      out.add(switch (c.getKey()) {
        case Metrics.CAPACITY_BYTES_PER_S -> Fmt.byteRate(c.getValue());
        case Metrics.CAPACITY_IOPS -> Fmt.iops(c.getValue());
        default -> c.getKey() + "=" + c.getValue();
      });
    }
    return String.join(", ", out);
  }

  /**
   * {iodepth=8, numjobs=8, tool=hcibench} as "hcibench, 8 jobs x iodepth 8"; the keys it does not
   * know follow as key=value, so nothing declared is dropped.
   */
  static String workload(Map<String, Object> workload) {
    if (workload == null || workload.isEmpty()) {
      return "not declared";
    }
    Map<String, Object> rest = new LinkedHashMap<>(workload);
    List<String> parts = new ArrayList<>();
    Object tool = rest.remove("tool");
    if (tool != null) {
      parts.add(String.valueOf(tool));
    }
    Object jobs = rest.remove("numjobs");
    Object depth = rest.remove("iodepth");
    if (jobs != null && depth != null) {
      parts.add(jobs + " jobs x iodepth " + depth);
    } else if (jobs != null) {
      parts.add(jobs + " jobs");
    } else if (depth != null) {
      parts.add("iodepth " + depth);
    }
    rest.forEach((k, v) -> parts.add(k + "=" + v));
    return String.join(", ", parts);
  }

  /** A time offset as an axis prints it: "30", "2.5". */
  static String trim(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : new java.math.BigDecimal(Double.toString(v)).setScale(2,
        java.math.RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
  }
}
