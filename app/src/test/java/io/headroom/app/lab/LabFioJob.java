package io.headroom.app.lab;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One fio job of a case's command line: options before the first --name apply to every job,
 * as fio reads them; a one-job case's phase is its job whatever the phase is called.
 */
record LabFioJob(String name, int numjobs, int iodepth, long blockSize) {
  int outstanding() {
    return numjobs * iodepth;
  }

  static LabFioJob of(List<String> args, String phase) {
    Map<String, String> global = new LinkedHashMap<>();
    Map<String, Map<String, String>> jobs = new LinkedHashMap<>();
    Map<String, String> current = global;
    for (String a : args) {
      String[] kv = a.replaceFirst("^--", "").split("=", 2);
      if (kv[0].equals("name")) {
        current = new LinkedHashMap<>(global);
        jobs.put(kv[1], current);
      } else {
        current.put(kv[0], kv.length > 1 ? kv[1] : "");
      }
    }
    Map<String, String> o = jobs.size() == 1 ? jobs.values().iterator().next() : jobs.get(phase);
    if (o == null) {
      throw new AssertionError("phase " + phase + " is none of the case's fio jobs " + jobs.keySet());
    }
    return new LabFioJob(phase, Integer.parseInt(o.getOrDefault("numjobs", "1")),
        Integer.parseInt(o.getOrDefault("iodepth", "1")), size(o.getOrDefault("bs", "4k")));
  }

  /** fio's sizes: "4k" = 4 x 1024 bytes (fio's k is kibi by default). */
  private static long size(String s) {
    String l = s.toLowerCase(Locale.ROOT);
    long unit = l.endsWith("k") ? 1024 : l.endsWith("m") ? 1024 * 1024 : 1;
    return Long.parseLong(unit == 1 ? l : l.substring(0, l.length() - 1)) * unit;
  }
}
