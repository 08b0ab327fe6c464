package io.headroom.collector.host;

import io.headroom.collector.source.Counters;
import io.headroom.model.Ceilings;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import io.headroom.model.Rel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Network interfaces (/sys/class/net) as {@code net_port}: speed as the per-direction ceiling,
 * PCI function and NUMA node, bonds and their members (bond {@code behind} member). Counters come
 * from /proc/net/dev, one file for all interfaces instead of eight per interface. The host's TCP
 * retransmits (/proc/net/snmp) go on its {@code host_cpu} entity: the kernel counts them per
 * network namespace, not per port, so no port can be given its own.
 */
final class NetCollector implements Collector {
  private static final int ARPHRD_LOOPBACK = 772;
  private static final int ARPHRD_INFINIBAND = 32;
  // /proc/net/dev columns after "name:": rx bytes packets errs drop ... (8), tx bytes packets errs drop ...
  private static final int[] PICK = {0, 1, 2, 3, 8, 9, 10, 11};

  /** A /proc/net/dev line after "name:": 8 receive then 8 transmit counters. */
  private static final int FIELDS = 16;
  private final Counters counters = new Counters();
  private final Counters tcp = new Counters();
  private final FileBytes netDev = new FileBytes();
  /** Interface name to entity id. */
  private final Map<String, String> ports = new TreeMap<>();
  private final Map<String, Boolean> countsOnPci = new HashMap<>();

  @Override
  public String area() {
    return "net";
  }

  @Override
  public void discover(HostContext ctx) throws IOException {
    ports.clear();
    countsOnPci.clear();
    Path root = ctx.sys("class/net");
    if (!Files.isDirectory(root)) {
      ctx.files.problem(root, "missing: no network interfaces to discover");
      return;
    }
    ctx.files.eachEntry(root, p -> discoverPort(ctx, p));
  }

  private void discoverPort(HostContext ctx, Path link) throws IOException {
    String name = link.getFileName().toString();
    Long type = SysFiles.optionalLong(link.resolve("type"));
    if (type != null && type == ARPHRD_LOOPBACK) {
      return;
    }
    Topology topo = ctx.topology;
    String id = ctx.id("net/" + name);
    Path dir = link.toRealPath();
    boolean ib = type != null && type == ARPHRD_INFINIBAND;
    Map<String, Object> attrs = new LinkedHashMap<>();
    attrs.put("fabric", ib ? "infiniband" : "ethernet");
    String state = SysFiles.optional(dir.resolve("operstate"));
    Attrs.putIf(attrs, "operstate", state);
    Attrs.putIf(attrs, "address", SysFiles.optional(dir.resolve("address")));
    Map<String, Double> capacity = new LinkedHashMap<>();
    Long mbps = speed(ctx, dir, state);
    if (mbps != null) {
      attrs.put("speed_bps", mbps * 1e6);
      capacity.put("bytes_per_s", Ceilings.port((String) attrs.get("fabric"), mbps * 1e6));
    }
    PcieCollector.attach(ctx, id, dir, attrs);
    String slaves = SysFiles.optional(dir.resolve("bonding/slaves"));
    if (slaves != null) {
      Attrs.putIf(attrs, "bond_mode", SysFiles.optional(dir.resolve("bonding/mode")));
      attrs.put("bond_members", slaves.isEmpty() ? List.of() : List.of(slaves.split("\\s+")));
      for (String member : slaves.isEmpty() ? new String[0] : slaves.split("\\s+")) {
        topo.relation(id, Rel.BEHIND, ctx.id("net/" + member));
      }
    }
    topo.entity(new Entity(id, EntityKind.NET_PORT, name, attrs, capacity));
    ports.put(name, id);
    // IPoIB traffic is already in the IB port counters; counting it again would double the link.
    countsOnPci.put(name, !ib);
  }

  /**
   * Mb/s, or null. A down port, a virtual one or a driver that does not say reads -1 or fails
   * with EINVAL; that is only worth a problem when the port is up on real hardware.
   */
  private static Long speed(HostContext ctx, Path dir, String state) {
    Path file = dir.resolve("speed");
    String text = SysFiles.optional(file);
    Long v = text == null ? null : SysFiles.parseLong(text);
    if (v != null && v > 0) {
      return v;
    }
    if ("up".equals(state) && !PciDevice.chainOf(dir).isEmpty()) {
      ctx.files.problem(file, "speed unknown (" + (text == null ? "unreadable" : "\"" + text + "\"") + "): no ceiling");
    }
    return null;
  }

  @Override
  public void collect(HostContext ctx) {
    collectRetransmits(ctx);
    counters.begin();
    Path file = ctx.proc("net/dev");
    if (!ctx.files.required(file, netDev)) {
      return;
    }
    Map<String, long[]> stats = parse(netDev, file, ctx.files);
    for (Map.Entry<String, String> e : ports.entrySet()) {
      long[] now = stats.get(e.getKey());
      if (now == null) {
        ctx.files.problem(e.getValue(), "not in " + file + " (interface gone?)");
        continue;
      }
      Counters.Delta d = counters.delta(e.getKey(), ctx.scrape.ts(), now);
      if (d == null) {
        continue;
      }
      String id = e.getValue();
      ctx.sample(id, HostMetrics.RX_BYTES, d.rate(0));
      ctx.sample(id, HostMetrics.RX_PACKETS, d.rate(1));
      ctx.sample(id, HostMetrics.TX_BYTES, d.rate(4));
      ctx.sample(id, HostMetrics.TX_PACKETS, d.rate(5));
      ctx.sample(id, HostMetrics.ERRORS, d.rate(2) + d.rate(6));
      ctx.sample(id, HostMetrics.DISCARDS, d.rate(3) + d.rate(7));
      if (countsOnPci.getOrDefault(e.getKey(), false)) {
        ctx.addPciTraffic(id, d.rate(0), d.rate(4));
      }
    }
  }

  /**
   * Tcp RetransSegs from /proc/net/snmp, a rate on the host's CPU entity. The file is optional (a
   * proc root captured without it, a kernel without IPv4): then there is no reading, and no problem.
   */
  private void collectRetransmits(HostContext ctx) {
    tcp.begin();
    String text = SysFiles.optional(ctx.proc("net/snmp"));
    Long retransmits = text == null ? null : retransSegs(text);
    if (retransmits == null) {
      return;
    }
    Counters.Delta d = tcp.delta("tcp", ctx.scrape.ts(), new long[] {retransmits});
    if (d != null) {
      ctx.sample(ctx.id("cpu"), HostMetrics.TCP_RETRANSMITS, d.rate(0));
    }
  }

  /**
   * The RetransSegs column of /proc/net/snmp's "Tcp:" lines (a line of names, then one of values,
   * in the same order); null when the file has no such column.
   */
  static Long retransSegs(String snmp) {
    String[] names = null;
    for (String line : snmp.split("\n")) {
      if (!line.startsWith("Tcp:")) {
        continue;
      }
      String[] f = line.trim().split("\\s+");
      if (names == null) {
        names = f;
        continue;
      }
      for (int i = 1; i < Math.min(names.length, f.length); i++) {
        if (names[i].equals("RetransSegs")) {
          return SysFiles.parseLong(f[i]);
        }
      }
      return null;
    }
    return null;
  }

  /** /proc/net/dev: interface to {rx bytes, packets, errs, drop, tx bytes, packets, errs, drop}. */
  static Map<String, long[]> parse(FileBytes text, Path file, SysFiles files) {
    Map<String, long[]> out = new HashMap<>();
    int[] starts = new int[FIELDS];
    int[] ends = new int[FIELDS];
    for (int pos = 0; pos < text.length(); pos = text.lineEnd(pos) + 1) {
      int end = text.lineEnd(pos);
      int colon = text.indexOf((byte) ':', pos, end);
      if (colon == end || text.indexOf((byte) '|', pos, end) < end) {
        continue; // the two header lines
      }
      if (text.fields(colon + 1, end, starts, ends) < FIELDS) {
        files.problem(file, "short line \"" + text.trimmed(pos, end) + "\"");
        continue;
      }
      try {
        long[] v = new long[PICK.length];
        for (int i = 0; i < PICK.length; i++) {
          v[i] = text.parseLong(starts[PICK[i]], ends[PICK[i]]);
        }
        out.put(text.trimmed(pos, colon), v);
      } catch (NumberFormatException e) {
        // one odd line costs that interface only (it then reads as gone)
        files.problem(file, "unparsable line \"" + text.trimmed(pos, end) + "\"");
      }
    }
    return out;
  }
}
