package io.headroom.remotewrite;

import io.headroom.model.MetricDef;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Headroom's metric names as Prometheus names, from the metric declarations (one catalog): prefix
 * {@code headroom_}, the unit as a suffix in Prometheus' base units and plural, as its naming
 * conventions ask. A token {@code s} is seconds ({@code read_latency_s} is
 * {@code headroom_read_latency_seconds}, {@code read_bytes_per_s} is
 * {@code headroom_read_bytes_per_second}); a fraction ends in {@code _ratio} ({@code util} is
 * {@code headroom_util_ratio}, {@code tx_credit_zero_fraction} {@code headroom_tx_credit_zero_ratio});
 * a unit the name does not say is added ({@code bytes}, {@code seconds}). Headroom's rates are
 * already per second (the collector turned counters into rates), so every series is a gauge: no
 * {@code _total}.
 */
public final class PromNames {
  public static final String PREFIX = "headroom_";
  private final Map<String, String> byName = new HashMap<>();
  private final Map<String, MetricDef> defs = new HashMap<>();

  /** {@code declared}: every metric declaration there is; the first of a name wins (they agree on the unit). */
  public PromNames(Collection<MetricDef> declared) {
    for (MetricDef d : declared) {
      defs.putIfAbsent(d.name(), d);
      byName.putIfAbsent(d.name(), of(d.name(), d.unit()));
    }
  }

  /** The Prometheus name of a Headroom metric; one no declaration names is turned by its tokens alone. */
  public String of(String metric) {
    String known = byName.get(metric);
    return known != null ? known : of(metric, "");
  }

  /** The declaration of a metric, or null when none names it (its HELP then says so). */
  public MetricDef declaration(String metric) {
    return defs.get(metric);
  }

  /** The Prometheus name of metric {@code name} in {@code unit} (a MetricDef's unit). */
  public static String of(String name, String unit) {
    List<String> tokens = new ArrayList<>(Arrays.asList(name.split("_")));
    for (int i = 0; i < tokens.size(); i++) {
      if (tokens.get(i).equals("s")) {
        tokens.set(i, i > 0 && tokens.get(i - 1).equals("per") ? "second" : "seconds");
      }
    }
    String last = tokens.get(tokens.size() - 1);
    switch (unit) {
      case "fraction" -> {
        if (last.equals("fraction")) {
          tokens.set(tokens.size() - 1, "ratio");
        } else if (!last.equals("ratio")) {
          tokens.add("ratio");
        }
      }
      case "s" -> {
        if (!last.equals("seconds")) {
          tokens.add("seconds");
        }
      }
      case "bytes" -> {
        if (!last.equals("bytes")) {
          tokens.add("bytes");
        }
      }
      default -> {
        // a count, a boolean, or a rate whose name says what it counts per second (read_iops, events_per_s)
      }
    }
    return PREFIX + String.join("_", tokens);
  }
}
