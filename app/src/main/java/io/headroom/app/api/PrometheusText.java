package io.headroom.app.api;

import java.util.Locale;
import java.util.Map;

/** Writes the Prometheus text exposition format (version 0.0.4): HELP, TYPE, then samples. */
public final class PrometheusText {
  private final StringBuilder out = new StringBuilder();

  /** Declares a metric family; call before its samples. */
  public PrometheusText family(String name, String type, String help) {
    out.append("# HELP ").append(name).append(' ').append(help.replace("\\", "\\\\").replace("\n", "\\n")).append('\n');
    out.append("# TYPE ").append(name).append(' ').append(type).append('\n');
    return this;
  }

  public PrometheusText sample(String name, Map<String, String> labels, double value) {
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
    out.append(' ').append(format(value)).append('\n');
    return this;
  }

  public PrometheusText sample(String name, double value) {
    return sample(name, Map.of(), value);
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
    return out.toString();
  }
}
