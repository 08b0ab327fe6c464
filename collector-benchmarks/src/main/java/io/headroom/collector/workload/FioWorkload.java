package io.headroom.collector.workload;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The run record's workload map, from the jobs' recorded options. */
final class FioWorkload {
  private static final List<String> KEYS = List.of("rw", "bs", "iodepth", "numjobs", "rwmixread");

  private FioWorkload() {}

  /**
   * tool, fio_version, jobs (entries fio reports), and per option the value all jobs share, or
   * the list of their distinct values when they differ (a job file with a write step then a read
   * step has rw ["write", "randread"]).
   */
  static Map<String, Object> of(List<Map<String, Object>> jobAttrs, String fioVersion) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("tool", "fio");
    if (fioVersion != null) {
      out.put("fio_version", fioVersion);
    }
    for (String key : KEYS) {
      List<Object> values = new ArrayList<>();
      for (Map<String, Object> attrs : jobAttrs) {
        Object v = attrs.get(key);
        if (v != null && !values.contains(v)) {
          values.add(v);
        }
      }
      if (values.size() == 1) {
        out.put(key, values.get(0));
      } else if (values.size() > 1) {
        out.put(key, List.copyOf(values));
      }
    }
    out.put("jobs", jobAttrs.size());
    return out;
  }
}
