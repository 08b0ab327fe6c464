package io.headroom.collector.workload;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The options of a fio job that describe the workload, with fio's defaults filled in where fio
 * applies one (rw=read, bs=4k, iodepth=1, numjobs=1, rwmixread=50 for mixed rw), so a recording
 * says what actually ran and not only what was typed.
 */
final class FioJobOptions {
  static final List<String> RECORDED = List.of(
      "rw", "bs", "iodepth", "numjobs", "rwmixread", "cpus_allowed", "numa_cpu_nodes", "filename");

  private FioJobOptions() {}

  /** The recorded options as entity attrs: sizes in bytes and counts as numbers where they parse. */
  static Map<String, Object> attrs(Map<String, String> options) {
    Map<String, Object> out = new LinkedHashMap<>();
    String rw = options.getOrDefault("rw", options.getOrDefault("readwrite", "read"));
    out.put("rw", rw);
    out.put("bs", size(options.getOrDefault("bs", options.getOrDefault("blocksize", "4k"))));
    out.put("iodepth", count(options.getOrDefault("iodepth", "1")));
    out.put("numjobs", count(options.getOrDefault("numjobs", "1")));
    if (isMixed(rw) || options.containsKey("rwmixread") || options.containsKey("rwmixwrite")) {
      out.put("rwmixread", count(rwmixread(options)));
    }
    for (String key : List.of("cpus_allowed", "numa_cpu_nodes", "filename", "directory", "ioengine")) {
      if (options.containsKey(key)) {
        out.put(key, options.get(key));
      }
    }
    return out;
  }

  private static boolean isMixed(String rw) {
    return rw.startsWith("rw") || rw.startsWith("readwrite") || rw.startsWith("randrw");
  }

  private static String rwmixread(Map<String, String> options) {
    if (options.containsKey("rwmixread")) {
      return options.get("rwmixread");
    }
    if (options.containsKey("rwmixwrite")) {
      Object w = count(options.get("rwmixwrite"));
      return w instanceof Long l ? Long.toString(100 - l) : "50";
    }
    return "50";
  }

  /** A count as a Long when it is a plain integer, else the text fio was given. */
  static Object count(String text) {
    try {
      return Long.parseLong(text.trim());
    } catch (NumberFormatException e) {
      return text;
    }
  }

  /**
   * A fio size ("4k", "1M", "64KiB", "512") in bytes, as a Long; fio's default base for k/m/g is
   * 1024 (kb_base=1024). Ranges and read,write pairs ("4k-64k", "4k,64k") stay as the text given.
   */
  static Object size(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    int unit = 0;
    while (unit < t.length() && (Character.isDigit(t.charAt(unit)))) {
      unit++;
    }
    if (unit == 0) {
      return text;
    }
    long base = Long.parseLong(t.substring(0, unit));
    String suffix = t.substring(unit).replace("ib", "").replace("b", "");
    int shift = "kmgtp".indexOf(suffix.isEmpty() ? ' ' : suffix.charAt(0));
    if (suffix.length() > 1 || (!suffix.isEmpty() && shift < 0)) {
      return text;
    }
    return suffix.isEmpty() ? base : base << (10 * (shift + 1));
  }

  /**
   * The files the job reads and writes: filename (':'-separated, '\:' escaped), relative ones
   * under directory; with no filename fio makes its own files in directory (or its working
   * directory), so that directory is what the job targets.
   */
  static List<Path> targetPaths(Map<String, String> options, Path workDir) {
    List<Path> dirs = new ArrayList<>();
    for (String d : split(options.getOrDefault("directory", ""))) {
      dirs.add(workDir.resolve(d));
    }
    if (dirs.isEmpty()) {
      dirs.add(workDir);
    }
    String filename = options.get("filename");
    if (filename == null || filename.isBlank()) {
      return dirs;
    }
    List<Path> out = new ArrayList<>();
    for (String f : split(filename)) {
      out.add(f.startsWith("/") ? Path.of(f) : dirs.get(0).resolve(f));
    }
    return out;
  }

  private static List<String> split(String list) {
    List<String> out = new ArrayList<>();
    for (String part : list.split("(?<!\\\\):")) {
      if (!part.isBlank()) {
        out.add(part.replace("\\:", ":"));
      }
    }
    return out;
  }
}
