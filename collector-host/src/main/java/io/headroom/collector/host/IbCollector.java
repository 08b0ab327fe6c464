package io.headroom.collector.host;

import io.headroom.collector.source.Counters;
import io.headroom.model.Ceilings;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * InfiniBand (and RoCE) HCA ports (/sys/class/infiniband/DEV/ports/N) as {@code net_port}.
 * port_xmit_data and port_rcv_data count 4-byte units; port_xmit_wait counts ticks in which the
 * port had data but no flow-control credits, the IB analogue of pause frames.
 */
final class IbCollector implements Collector {
  static final String[] FILES = {
    "port_xmit_data", "port_rcv_data", "port_xmit_packets", "port_rcv_packets", "port_rcv_errors",
    "symbol_error", "port_rcv_remote_physical_errors", "port_xmit_discards", "link_downed", "port_xmit_wait"
  };
  private static final long SATURATED = 0xFFFFFFFFL;
  private final Counters counters = new Counters();
  /** "mlx5_0/1" to entity id. */
  private final Map<String, String> ports = new TreeMap<>();

  @Override
  public String area() {
    return "ib";
  }

  @Override
  public void discover(HostContext ctx) throws IOException {
    ports.clear();
    Path root = ctx.sys("class/infiniband");
    if (!Files.isDirectory(root)) {
      return; // no HCA on this host
    }
    ctx.files.eachEntry(root, p -> discoverDevice(ctx, p));
  }

  private void discoverDevice(HostContext ctx, Path link) throws IOException {
    String dev = link.getFileName().toString();
    Path dir = link.toRealPath();
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir.resolve("ports"))) {
      for (Path port : ds) {
        discoverPort(ctx, dir, dev, port);
      }
    }
  }

  private void discoverPort(HostContext ctx, Path devDir, String dev, Path port) {
    String key = dev + "/" + port.getFileName();
    String id = ctx.id("ib/" + key);
    Map<String, Object> attrs = new LinkedHashMap<>();
    String layer = SysFiles.optional(port.resolve("link_layer"));
    attrs.put("fabric", "Ethernet".equals(layer) ? "ethernet" : "infiniband");
    Attrs.putIf(attrs, "link_layer", layer);
    Attrs.putIf(attrs, "state", SysFiles.optional(port.resolve("state")));
    Attrs.putIf(attrs, "phys_state", SysFiles.optional(port.resolve("phys_state")));
    Attrs.putIf(attrs, "rate", SysFiles.optional(port.resolve("rate")));
    Attrs.putIf(attrs, "node_guid", SysFiles.optional(devDir.resolve("node_guid")));
    Map<String, Double> capacity = new LinkedHashMap<>();
    Path rateFile = port.resolve("rate");
    double gbps = gbps(SysFiles.optional(rateFile));
    if (gbps > 0) {
      attrs.put("speed_bps", gbps * 1e9);
      capacity.put("bytes_per_s", Ceilings.port("infiniband", gbps * 1e9));
    } else {
      ctx.files.problem(rateFile, "rate unknown: no ceiling");
    }
    PcieCollector.attach(ctx, id, devDir, attrs);
    ctx.topology.entity(new Entity(id, EntityKind.NET_PORT, "IB " + key, attrs, capacity));
    ports.put(key, id);
  }

  /** "100 Gb/sec (4X EDR)" to 100; 0 when unknown. */
  static double gbps(String rate) {
    if (rate == null) {
      return 0;
    }
    int at = rate.indexOf(" Gb/sec");
    try {
      return at < 0 ? 0 : Double.parseDouble(rate.substring(0, at).trim());
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  @Override
  public void collect(HostContext ctx) {
    counters.begin();
    for (Map.Entry<String, String> e : ports.entrySet()) {
      int slash = e.getKey().indexOf('/');
      Path dir = ctx.sys("class/infiniband/" + e.getKey().substring(0, slash)
          + "/ports/" + e.getKey().substring(slash + 1) + "/counters");
      PortCounters now = PortCounters.read(ctx, dir, FILES, 2);
      if (now == null) {
        continue;
      }
      if (now.values[0] == SATURATED || now.values[1] == SATURATED) {
        // Without extended (64-bit) counters the 32-bit data counters stop at all ones: from
        // then on a rate would read 0 while the port may be flat out.
        ctx.files.problem(dir.resolve("port_xmit_data"), "32-bit data counter saturated: no byte rates");
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
    if (c.all(4, 5, 6)) {
      ctx.sample(id, HostMetrics.ERRORS, d.rate(4) + d.rate(5) + d.rate(6));
    }
    if (c.all(7)) {
      ctx.sample(id, HostMetrics.DISCARDS, d.rate(7));
    }
    if (c.all(8)) {
      ctx.sample(id, HostMetrics.LINK_FAILURES, d.rate(8));
    }
    if (c.all(9)) {
      ctx.sample(id, HostMetrics.XMIT_WAIT, d.rate(9));
    }
  }
}
