package io.headroom.collector.prometheus;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * The host names of a mapping's series, by the value of its {@code host.by} label: as the host
 * source would name the machine (node_uname_info's nodename up to its first dot), so both sources
 * give one machine the same entity ids; without a name label, the label's value without its port.
 */
final class HostNames {
  private final ExporterMapping.HostRule rule;
  private final Map<String, String> names = new HashMap<>();

  private HostNames(ExporterMapping.HostRule rule) {
    this.rule = rule;
  }

  /** The hosts the mapping's host series shows in the window (the last sample of each), with their names. */
  static HostNames read(PromApi api, ExporterMapping.HostRule rule, double start, double end) throws IOException {
    HostNames out = new HostNames(rule);
    String range = Math.max(1, (long) Math.ceil(end - start)) + "s";
    for (PromApi.Series s : api.query("last_over_time(" + rule.series() + "[" + range + "])", end)) {
      String key = s.label(rule.by());
      String name = rule.nameLabel() == null ? null : s.label(rule.nameLabel());
      if (key != null) {
        out.names.put(key, name != null && !name.isEmpty() ? cut(name, rule.upTo()) : withoutPort(key));
      }
    }
    return out;
  }

  boolean isEmpty() {
    return names.isEmpty();
  }

  /** The host name of a series, or null when its label is missing. */
  String of(PromApi.Series s) {
    String key = s.label(rule.by());
    if (key == null) {
      return null;
    }
    String name = names.get(key);
    return name != null ? name : withoutPort(key);
  }

  /** Whether the series' host has the host series (else it is named by its address). */
  boolean named(PromApi.Series s) {
    return names.containsKey(s.label(rule.by()));
  }

  static String cut(String name, String upTo) {
    if (upTo == null) {
      return name;
    }
    int at = name.indexOf(upTo);
    return at > 0 ? name.substring(0, at) : name;
  }

  /** "10.0.0.5:9100" to "10.0.0.5"; "[::1]:9100" to "::1"; a name without a port stays. */
  static String withoutPort(String address) {
    if (address.startsWith("[")) {
      int close = address.indexOf(']');
      return close > 0 ? address.substring(1, close) : address;
    }
    int colon = address.lastIndexOf(':');
    return colon > 0 && address.indexOf(':') == colon ? address.substring(0, colon) : address;
  }
}
