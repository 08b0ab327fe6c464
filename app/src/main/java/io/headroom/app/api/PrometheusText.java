package io.headroom.app.api;

import java.util.Locale;
import java.util.Map;

/**
 * Writes the Prometheus text exposition format (version 0.0.4), or OpenMetrics 1.0.0 when asked:
 * HELP, TYPE, then samples, optionally with their own timestamps (0.0.4: integer milliseconds;
 * OpenMetrics: seconds), and OpenMetrics' closing {@code # EOF}.
 */
public final class PrometheusText {
  public static final String TEXT_0_0_4 = "text/plain; version=0.0.4; charset=utf-8";
  public static final String OPENMETRICS_1_0_0 = "application/openmetrics-text; version=1.0.0; charset=utf-8";

  private final StringBuilder out = new StringBuilder();
  private final boolean openMetrics;

  /** Text format 0.0.4. */
  public PrometheusText() {
    this(false);
  }

  public PrometheusText(boolean openMetrics) {
    this.openMetrics = openMetrics;
  }

  public String contentType() {
    return openMetrics ? OPENMETRICS_1_0_0 : TEXT_0_0_4;
  }

  /** Declares a metric family; call before its samples. */
  public PrometheusText family(String name, String type, String help) {
    String escaped = help.replace("\\", "\\\\").replace("\n", "\\n");
    out.append("# HELP ").append(name).append(' ').append(openMetrics ? escaped.replace("\"", "\\\"") : escaped)
        .append('\n');
    out.append("# TYPE ").append(name).append(' ').append(type).append('\n');
    return this;
  }

  public PrometheusText sample(String name, Map<String, String> labels, double value) {
    line(name, labels, value);
    out.append('\n');
    return this;
  }

  /** A sample at its own time, {@code timestampMs} milliseconds since the epoch. */
  public PrometheusText sample(String name, Map<String, String> labels, double value, long timestampMs) {
    line(name, labels, value);
    out.append(' ');
    if (openMetrics) {
      out.append(Math.floorDiv(timestampMs, 1000L)).append('.').append(String.format(Locale.ROOT, "%03d",
          Math.floorMod(timestampMs, 1000L)));
    } else {
      out.append(timestampMs);
    }
    out.append('\n');
    return this;
  }

  public PrometheusText sample(String name, double value) {
    return sample(name, Map.of(), value);
  }

  private void line(String name, Map<String, String> labels, double value) {
    out.append(name);
    if (!labels.isEmpty()) {
      out.append('{');
      String sep = "";
      for (Map.Entry<String, String> l : labels.entrySet()) {
        out.append(sep).append(l.getKey()).append("=\"").append(escape(l.getValue())).append('"');
        sep = ",";
      }
      out.append('}');
    }
    out.append(' ').append(format(value));
  }

  private static String escape(String v) {
    return v.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
  }

  private static String format(double v) {
    if (Double.isNaN(v)) {
      return "NaN";
    }
    if (Double.isInfinite(v)) {
      return v > 0 ? "+Inf" : "-Inf";
    }
    return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : String.format(Locale.ROOT, "%s", v);
  }

  @Override
  public String toString() {
    return openMetrics ? out + "# EOF\n" : out.toString();
  }
}
