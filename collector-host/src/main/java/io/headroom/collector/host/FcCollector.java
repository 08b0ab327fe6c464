package io.headroom.collector.host;

import io.headroom.collector.source.Counters;
import io.headroom.model.Ceilings;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Fibre Channel HBA ports (/sys/class/fc_host) as {@code net_port} with fabric fc. Words are 4
 * bytes. The ceiling is the payload rate of the port speed (FC 32G carries 3.2 GB/s: nominal
 * Gbit x 100 MB/s, per direction), as design.md states.
 */
final class FcCollector implements Collector {
  static final String[] FILES = {
    "tx_words", "rx_words", "tx_frames", "rx_frames", "error_frames", "invalid_crc_count",
    "dumped_frames", "link_failure_count", "loss_of_sync_count", "loss_of_signal_count"
  };
  private final Counters counters = new Counters();
  private final Map<String, String> hosts = new TreeMap<>();

  @Override
  public String area() {
    return "fc";
  }

  @Override
  public void discover(HostContext ctx) throws IOException {
    hosts.clear();
    Path root = ctx.sys("class/fc_host");
    if (!Files.isDirectory(root)) {
      return; // no FC HBA on this host: nothing to say
    }
    ctx.files.eachEntry(root, p -> discoverHost(ctx, p));
  }

  private void discoverHost(HostContext ctx, Path link) throws IOException {
    String name = link.getFileName().toString();
    String id = ctx.id("fc/" + name);
    Path dir = link.toRealPath();
    Map<String, Object> attrs = new LinkedHashMap<>();
    attrs.put("fabric", "fc");
    Attrs.putIf(attrs, "port_name", SysFiles.optional(dir.resolve("port_name")));
    Attrs.putIf(attrs, "node_name", SysFiles.optional(dir.resolve("node_name")));
    Attrs.putIf(attrs, "port_state", SysFiles.optional(dir.resolve("port_state")));
    Attrs.putIf(attrs, "port_type", SysFiles.optional(dir.resolve("port_type")));
    Map<String, Double> capacity = new LinkedHashMap<>();
    Path speedFile = dir.resolve("speed");
    String speed = SysFiles.optional(speedFile);
    double gbit = gbit(speed);
    if (gbit > 0) {
      attrs.put("speed_bps", gbit * 1e9);
      capacity.put("bytes_per_s", Ceilings.port("fc", gbit * 1e9));
    } else {
      ctx.files.problem(speedFile, "speed unknown (" + (speed == null ? "unreadable" : "\"" + speed + "\"") + "): no ceiling");
    }
    PcieCollector.attach(ctx, id, dir, attrs);
    ctx.topology.entity(new Entity(id, EntityKind.NET_PORT, "FC " + name, attrs, capacity));
    hosts.put(name, id);
  }

  /** "32 Gbit" to 32; 0 for "Unknown" or anything else. */
  static double gbit(String speed) {
    if (speed == null || !speed.endsWith(" Gbit")) {
      return 0;
    }
    try {
      return Double.parseDouble(speed.substring(0, speed.length() - 5).trim());
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  @Override
  public void collect(HostContext ctx) {
    counters.begin();
    for (Map.Entry<String, String> e : hosts.entrySet()) {
      Path stats = ctx.sys("class/fc_host/" + e.getKey() + "/statistics");
      PortCounters now = PortCounters.read(ctx, stats, FILES, 2);
      if (now == null) {
        continue;
      }
      Counters.Delta d = counters.delta(e.getKey(), ctx.scrape.ts(), now.values);
      if (d != null) {
        emit(ctx, e.getValue(), d, now);
      }
    }
  }

  private static void emit(HostContext ctx, String id, Counters.Delta d, PortCounters c) {
    c.emitWordTraffic(ctx, id, d);
    if (c.all(4, 5)) {
      ctx.sample(id, HostMetrics.ERRORS, d.rate(4) + d.rate(5));
    }
    if (c.all(6)) {
      ctx.sample(id, HostMetrics.DISCARDS, d.rate(6));
    }
    if (c.all(7)) {
      ctx.sample(id, HostMetrics.LINK_FAILURES, d.rate(7));
    }
    if (c.all(8)) {
      ctx.sample(id, HostMetrics.LOSS_OF_SYNC, d.rate(8));
    }
    if (c.all(9)) {
      ctx.sample(id, HostMetrics.LOSS_OF_SIGNAL, d.rate(9));
    }
  }
}
