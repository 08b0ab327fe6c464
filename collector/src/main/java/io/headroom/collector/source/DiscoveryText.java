package io.headroom.collector.source;

import io.headroom.model.Entity;
import io.headroom.model.Relation;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;

/** The text of {@code headroom discover} for one source; golden tests compare against it too. */
public final class DiscoveryText {
  private DiscoveryText() {}

  /** "host h1: 12 entities, 9 relations", the entities with their ceilings, relations, degraded, problems. */
  public static void print(String type, String host, Discovery d, PrintWriter out) {
    out.printf("%s %s: %d entities, %d relations%n", type, host, d.entities().size(), d.relations().size());
    for (Entity e : d.entities()) {
      out.printf("  %-10s %-40s %s%n", e.kind(), e.id(), ceiling(e.capacity()));
    }
    out.println("relations:");
    for (Relation r : d.relations()) {
      out.printf("  %s %s %s%n", r.from(), r.rel(), r.to());
    }
    out.println(d.degraded().isEmpty() ? "degraded: none" : "degraded:");
    d.degraded().forEach(line -> out.println("  " + line));
    if (!d.notes().isEmpty()) {
      out.println("notes:");
      d.notes().forEach(line -> out.println("  " + line));
    }
    if (!d.problems().isEmpty()) {
      out.println("could not read:");
      d.problems().forEach(line -> out.println("  " + line));
    }
  }

  private static String ceiling(Map<String, Double> capacity) {
    StringBuilder s = new StringBuilder();
    for (Map.Entry<String, Double> c : capacity.entrySet()) {
      s.append(s.length() == 0 ? "ceiling " : ", ").append(c.getKey()).append(' ');
      s.append(c.getKey().equals("bytes_per_s")
          ? String.format(Locale.ROOT, "%.3f GB/s", c.getValue() / 1e9)
          : String.format(Locale.ROOT, "%.4g", c.getValue()));
    }
    return s.toString();
  }
}
