package io.headroom.app.dashboards;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns a panel's rawSql into the SQL Grafana sends to PostgreSQL, following Grafana's own steps:
 * the frontend substitutes template variables (single-value variables unquoted, as the SQL
 * datasources do), the backend replaces $__interval, then the postgres macro engine
 * (pkg/tsdb/grafana-postgresql-datasource/macros.go) expands $__name(args) with the same regular
 * expression and the same output text, in its TimescaleDB form or its plain form.
 */
final class GrafanaMacros {
  private static final Pattern MACRO = Pattern.compile("\\$([_a-zA-Z0-9]+)\\(([^)]*)\\)");
  private static final DateTimeFormatter RFC3339 =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss").withZone(ZoneOffset.UTC);

  private final Instant from;
  private final Instant to;
  private final String interval;
  private final Map<String, String> variables;
  private final boolean timescaledb;

  GrafanaMacros(Instant from, Instant to, String interval, Map<String, String> variables, boolean timescaledb) {
    this.from = from;
    this.to = to;
    this.interval = interval;
    this.variables = variables;
    this.timescaledb = timescaledb;
  }

  GrafanaMacros timescale(boolean on) {
    return new GrafanaMacros(from, to, interval, variables, on);
  }

  String expand(String rawSql) {
    String sql = rawSql;
    for (Map.Entry<String, String> v : variables.entrySet()) {
      sql = sql.replace("${" + v.getKey() + "}", v.getValue())
          .replaceAll("\\$" + v.getKey() + "\\b", Matcher.quoteReplacement(v.getValue()));
    }
    sql = sql.replace("$__interval_ms", Long.toString(Math.round(seconds(interval) * 1000)))
        .replace("$__interval", interval);
    sql = macros(sql);
    if (sql.contains("$")) {
      // An unknown variable would reach PostgreSQL as "$name" and fail there less clearly.
      throw new IllegalArgumentException("unexpanded variable or macro left in: " + sql);
    }
    return sql;
  }

  private String macros(String sql) {
    Matcher m = MACRO.matcher(sql);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String name = m.group(1);
      // Grafana: a bare $__timeGroup directly followed by ',' is the pre-5.3 spelling of the alias form.
      if (name.equals("__timeGroup") && m.end() < sql.length() && sql.charAt(m.end()) == ',') {
        name = "__timeGroupAlias";
      }
      List<String> args = new ArrayList<>();
      for (String a : m.group(2).split(",", -1)) {
        args.add(a.trim());
      }
      m.appendReplacement(out, Matcher.quoteReplacement(evaluate(name, args)));
    }
    m.appendTail(out);
    return out.toString();
  }

  private String evaluate(String name, List<String> args) {
    switch (name) {
      case "__time":
        return args.get(0) + " AS \"time\"";
      case "__timeEpoch":
        return "extract(epoch from " + args.get(0) + ") as \"time\"";
      case "__timeFilter":
        return args.get(0) + " BETWEEN '" + rfc3339Nano(from) + "' AND '" + rfc3339Nano(to) + "'";
      case "__timeFrom":
        return "'" + rfc3339Nano(from) + "'";
      case "__timeTo":
        return "'" + rfc3339Nano(to) + "'";
      case "__timeGroup":
        return timeGroup(args);
      case "__timeGroupAlias":
        return timeGroup(args) + " AS \"time\"";
      default:
        throw new IllegalArgumentException("unknown macro $" + name);
    }
  }

  private String timeGroup(List<String> args) {
    if (args.size() < 2) {
      throw new IllegalArgumentException("$__timeGroup needs a time column and an interval");
    }
    double s = seconds(args.get(1).replace("'", ""));
    if (timescaledb) {
      return "time_bucket('" + String.format(Locale.ROOT, "%.3f", s) + "s'," + args.get(0) + ")";
    }
    String v = goNumber(s);
    return "floor(extract(epoch from " + args.get(0) + ")/" + v + ")*" + v;
  }

  /** Go's %v of a float64 as Grafana prints it: 10, not 10.0; 0.5 stays 0.5. */
  private static String goNumber(double d) {
    return BigDecimal.valueOf(d).stripTrailingZeros().toPlainString();
  }

  /** Go's time.RFC3339Nano in UTC: whole seconds end in Z, fractions lose trailing zeros. */
  static String rfc3339Nano(Instant t) {
    String base = RFC3339.format(t);
    if (t.getNano() == 0) {
      return base + "Z";
    }
    String nanos = String.format(Locale.ROOT, "%09d", t.getNano()).replaceAll("0+$", "");
    return base + "." + nanos + "Z";
  }

  /** Grafana's interval syntax as panels use it: ms, s, m, h, d, w. */
  static double seconds(String interval) {
    Matcher m = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|s|m|h|d|w)").matcher(interval.trim());
    if (!m.matches()) {
      throw new IllegalArgumentException("error parsing interval " + interval);
    }
    double n = Double.parseDouble(m.group(1));
    switch (m.group(2)) {
      case "ms":
        return n / 1000;
      case "s":
        return n;
      case "m":
        return n * 60;
      case "h":
        return n * 3600;
      case "d":
        return n * 86400;
      default:
        return n * 7 * 86400;
    }
  }
}
