package io.headroom.collector.workload;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The name fio gives a log file (init.c, gen_log_name): {@code PREFIX_TYPE.N.log}, PREFIX the
 * option's value (write_bw_log=PREFIX) or the job name, TYPE the log, N the job's thread number
 * (1-based over the whole fio invocation); {@code PREFIX_TYPE.log} with per_job_logs=0.
 *
 * @param thread fio's thread number, null for a log shared by jobs (per_job_logs=0)
 */
record FioLogName(String prefix, Kind kind, Integer thread) {
  /** The logs fio writes, by the TYPE in their names. */
  enum Kind {
    BW("bw"), IOPS("iops"), LAT("lat"), SLAT("slat"), CLAT("clat"), HIST("clat_hist");

    final String type;

    Kind(String type) {
      this.type = type;
    }
  }

  private static final Pattern NAME =
      Pattern.compile("(.+)_(bw|iops|lat|slat|clat|clat_hist)(?:\\.(\\d{1,9}))?\\.log(\\.fz)?");

  /** The name of {@code fileName} when it has the shape of a fio log (compressed ".log.fz" too). */
  static Optional<FioLogName> parse(String fileName) {
    Matcher m = NAME.matcher(fileName);
    if (!m.matches()) {
      return Optional.empty();
    }
    Kind kind = Kind.valueOf(m.group(2).toUpperCase(Locale.ROOT).replace("CLAT_HIST", "HIST"));
    return Optional.of(new FioLogName(m.group(1), kind, m.group(3) == null ? null : Integer.valueOf(m.group(3))));
  }

  /** The file fio writes for this prefix, kind and thread. */
  String fileName() {
    return prefix + "_" + kind.type + (thread == null ? "" : "." + thread) + ".log";
  }
}
