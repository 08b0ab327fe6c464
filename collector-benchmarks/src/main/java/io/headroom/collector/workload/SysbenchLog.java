package io.headroom.collector.workload;

import io.headroom.model.MetricDef;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * sysbench 1.0's console output, as {@code --report-interval=N} prints it: one line per interval
 * ("[ 5s ] thds: 4 tps: 46.02 qps: 927.30 (r/w/o: ...) lat (ms,99%): 244.38 err/s: 0.00 ...",
 * "[ 1s ] thds: 2 eps: 365.49 lat (ms,95%): 48.34", "[ 1s ] reads: 55.95 MiB/s writes: 37.30 MiB/s
 * fsyncs: 234.88/s latency (ms,95%): 0.023"), and the summary's "total time:". Each interval's
 * figures are those of the interval that ends at its offset from the start (sysbench's
 * report_intermediate in src/sysbench.c). Lines of other kinds are not read.
 */
public final class SysbenchLog {
  /** A figure as sysbench prints it ("%4.2f"): digits with at most one point ("1.2.3" threw NumberFormatException). */
  private static final String NUMBER = "(\\d+(?:\\.\\d+)?)";
  private static final Pattern INTERVAL = Pattern.compile("^\\[ *" + NUMBER + "s \\] (.*)$");
  private static final Pattern FIELD = Pattern.compile("(thds|tps|qps|eps|err/s|reconn/s|fsyncs): " + NUMBER);
  private static final Pattern MIB = Pattern.compile("(reads|writes): " + NUMBER + " MiB/s");
  private static final Pattern LATENCY = Pattern.compile("lat(?:ency)? \\(ms," + NUMBER + "%\\): " + NUMBER);
  private static final Pattern TOTAL = Pattern.compile("^\\s*total time:\\s+" + NUMBER + "s\\s*$");
  private static final Pattern VERSION = Pattern.compile("^sysbench (\\S+)");

  /**
   * One interval line's figures.
   *
   * @param offset seconds since the start at the interval's end
   * @param values "tps", "qps", "eps", "threads", "read_bytes_per_s", "write_bytes_per_s",
   *     "fsyncs_per_s", "errors_per_s", "latency_s" (the percentile's latency, in seconds)
   * @param percentile the latency percentile sysbench reports (--percentile, 95 by default); NaN without one
   */
  public record Interval(double offset, Map<String, Double> values, double percentile) {}

  private final List<Interval> intervals = new ArrayList<>();
  private double totalTime = Double.NaN;
  private String version;

  /** Reads one line of the output; returns the interval it holds, or null for any other line. */
  public Interval accept(String line) {
    Matcher total = TOTAL.matcher(line);
    if (total.matches()) {
      totalTime = Double.parseDouble(total.group(1));
      return null;
    }
    Matcher v = VERSION.matcher(line);
    if (version == null && v.find()) {
      version = v.group(1);
      return null;
    }
    Matcher m = INTERVAL.matcher(line);
    if (!m.matches()) {
      return null;
    }
    Interval i = interval(Double.parseDouble(m.group(1)), m.group(2));
    intervals.add(i);
    return i;
  }

  static Interval interval(double offset, String rest) {
    Map<String, Double> values = new LinkedHashMap<>();
    Matcher f = FIELD.matcher(rest);
    while (f.find()) {
      double x = Double.parseDouble(f.group(2));
      switch (f.group(1)) {
        case "thds" -> values.put("threads", x);
        case "err/s" -> values.put("errors_per_s", x);
        case "reconn/s" -> values.put("reconnects_per_s", x);
        case "fsyncs" -> values.put("fsyncs_per_s", x);
        default -> values.put(f.group(1), x);
      }
    }
    Matcher b = MIB.matcher(rest);
    while (b.find()) {
      // sysbench's MiB: 1024 x 1024 bytes
      values.put(b.group(1).equals("reads") ? "read_bytes_per_s" : "write_bytes_per_s",
          Double.parseDouble(b.group(2)) * 1024 * 1024);
    }
    Matcher l = LATENCY.matcher(rest);
    double percentile = Double.NaN;
    if (l.find()) {
      percentile = Double.parseDouble(l.group(1));
      values.put("latency_s", Double.parseDouble(l.group(2)) / 1000);
    }
    return new Interval(offset, values, percentile);
  }

  public List<Interval> intervals() {
    return List.copyOf(intervals);
  }

  /** The summary's total time in seconds; NaN when the output ends before its summary. */
  public double totalTime() {
    return totalTime;
  }

  /** "1.0.20" from the first line; null when absent. */
  public String version() {
    return version;
  }

  /** The metric of a percentile's latency: latency_p95_s, latency_p99_s; null for one not declared. */
  public static MetricDef latencyMetric(double percentile) {
    String name = "latency_p" + String.format(Locale.ROOT, "%.0f", percentile) + "_s";
    for (MetricDef m : List.of(BenchMetrics.LATENCY_P99_S, BenchMetrics.LATENCY_P95_S)) {
      if (m.name().equals(name)) {
        return m;
      }
    }
    return null;
  }
}
