package io.headroom.collector.host;

import io.headroom.collector.source.Counters;
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

/**
 * Every PCI function as a {@code pcie_link}: class, ids, driver, trained and maximum speed and
 * width, NUMA node, its upstream bridge, the design.md ceiling, and whether the link (or one
 * above it) trained below what it could. Each scrape it rates AER error counters and sums the
 * traffic of the disks and ports behind each link (sysfs has no PCIe byte counters).
 */
final class PcieCollector implements Collector {
  private static final String[] AER_FILES = {"aer_dev_correctable", "aer_dev_nonfatal", "aer_dev_fatal"};
  private final Counters aer = new Counters();

  @Override
  public String area() {
    return "pcie";
  }

  @Override
  public void discover(HostContext ctx) throws IOException {
    Path devices = ctx.sys("bus/pci/devices");
    if (!Files.isDirectory(devices)) {
      ctx.files.problem(devices, "missing: no PCI devices to discover");
      return;
    }
    ctx.files.eachEntry(devices, link -> {
      PciDevice d = read(link);
      ctx.topology.pci.put(d.address(), d);
    });
    for (PciDevice d : ctx.topology.pci.values()) {
      emit(ctx, d);
    }
  }

  static PciDevice read(Path link) throws IOException {
    Path dir = link.toRealPath();
    String address = link.getFileName().toString();
    Long numa = SysFiles.optionalLong(dir.resolve("numa_node"));
    Path driver = dir.resolve("driver");
    String driverName = Files.isSymbolicLink(driver) ? Files.readSymbolicLink(driver).getFileName().toString() : null;
    return new PciDevice(
        address,
        dir,
        SysFiles.optional(dir.resolve("class")),
        SysFiles.optional(dir.resolve("vendor")),
        SysFiles.optional(dir.resolve("device")),
        SysFiles.optional(dir.resolve("subsystem_vendor")),
        SysFiles.optional(dir.resolve("subsystem_device")),
        driverName,
        PcieLinks.generation(SysFiles.optional(dir.resolve("current_link_speed"))),
        PcieLinks.width(SysFiles.optional(dir.resolve("current_link_width"))),
        PcieLinks.generation(SysFiles.optional(dir.resolve("max_link_speed"))),
        PcieLinks.width(SysFiles.optional(dir.resolve("max_link_width"))),
        numa == null || numa < 0 ? null : numa.intValue(),
        PciDevice.chainOf(dir),
        Files.exists(dir.resolve(AER_FILES[0])));
  }

  private void emit(HostContext ctx, PciDevice d) {
    Topology topo = ctx.topology;
    String id = linkId(ctx.host, d.address());
    Map<String, Object> attrs = new LinkedHashMap<>();
    Attrs.putIf(attrs, "class", d.classCode());
    Attrs.putIf(attrs, "vendor", d.vendor());
    Attrs.putIf(attrs, "device", d.device());
    Attrs.putIf(attrs, "subsystem_vendor", d.subsystemVendor());
    Attrs.putIf(attrs, "subsystem_device", d.subsystemDevice());
    Attrs.putIf(attrs, "driver", d.driver());
    if (d.gen() > 0) {
      attrs.put("gen", d.gen());
    }
    if (d.width() > 0) {
      attrs.put("width", d.width());
    }
    if (d.maxGen() > 0) {
      attrs.put("max_gen", d.maxGen());
    }
    if (d.maxWidth() > 0) {
      attrs.put("max_width", d.maxWidth());
    }
    // -1 is "the kernel does not know"; calling it node 0 would hide a NUMA problem.
    attrs.put("numa_node", d.numaNode() == null ? "unknown" : d.numaNode());
    Attrs.putIf(attrs, "upstream", d.upstream());
    if (d.chain().size() > 1) {
      // The whole way up, root port first: what a person checks with lspci -t.
      attrs.put("bridges", d.chain().subList(0, d.chain().size() - 1));
    }
    String reason = degradation(topo, d);
    if (reason != null) {
      attrs.put("degraded", reason);
      topo.degraded.add(id + ": " + reason);
    }
    // On a one-node host every device says -1 and that is no fault; bridges are not placed.
    boolean bridgeOrHost = d.classCode() != null && d.classCode().startsWith("0x06");
    if (d.numaNode() == null && topo.nodeCount > 1 && !bridgeOrHost) {
      topo.degraded.add(id + ": no NUMA node (numa_node -1)");
    }
    double ceiling = PcieLinks.ceiling(d.gen(), d.width());
    Map<String, Double> capacity = Double.isNaN(ceiling) ? Map.of() : Map.of("bytes_per_s", ceiling);
    topo.entity(new Entity(id, EntityKind.PCIE_LINK, "PCIe " + d.address(), attrs, capacity));
    if (d.upstream() != null) {
      topo.relation(id, Rel.BEHIND, linkId(ctx.host, d.upstream()));
    }
    String socket = Topology.socketId(ctx.host, d.numaNode());
    if (socket != null && topo.entities.containsKey(socket)) {
      topo.relation(id, Rel.ON, socket);
    }
  }

  /**
   * Why this device's path to the CPU is slower than it could be, or null. Its own link is judged
   * against the device's maximum (a Gen4 card in a Gen3 slot is slowed, whoever is to blame, and
   * the slot is named when it is the cause); every link above it is judged the same way.
   */
  static String degradation(Topology topo, PciDevice d) {
    if (isLinkLowerEnd(topo, d) && d.trainedBelowMax()) {
      String text = "trained " + PcieLinks.describe(d.gen(), d.width())
          + ", device capable of " + PcieLinks.describe(d.maxGen(), d.maxWidth());
      PciDevice slot = d.upstream() == null ? null : topo.pci.get(d.upstream());
      if (slot != null && slot.maxGen() > 0 && slot.maxWidth() > 0
          && (slot.maxGen() < d.maxGen() || slot.maxWidth() < d.maxWidth())) {
        text += "; slot " + slot.address() + " capable of " + PcieLinks.describe(slot.maxGen(), slot.maxWidth());
      }
      return text;
    }
    List<String> chain = d.chain();
    for (int i = chain.size() - 2; i >= 0; i--) {
      PciDevice up = topo.pci.get(chain.get(i));
      if (up != null && isLinkLowerEnd(topo, up) && up.trainedBelowMax()) {
        return "upstream " + up.address() + " trained " + PcieLinks.describe(up.gen(), up.width())
            + ", capable of " + PcieLinks.describe(up.maxGen(), up.maxWidth());
      }
    }
    return null;
  }

  /**
   * Whether the device is the lower end of a link, so its own link fields describe its uplink.
   * Below a root, chains alternate: a root port faces down, a switch's upstream port up, its
   * downstream ports down, the endpoint below up. A downstream-facing port's link fields describe
   * the link to its child, which is judged at the child. A root is the host bridge, or a
   * non-bridge function that opens a new hierarchy (an Intel VMD controller); a non-bridge
   * directly at a root is integrated in the root complex and has no link at all.
   */
  static boolean isLinkLowerEnd(Topology topo, PciDevice d) {
    List<String> chain = d.chain();
    int start = 0;
    for (int i = 0; i < chain.size() - 1; i++) {
      PciDevice above = topo.pci.get(chain.get(i));
      if (above != null && !above.isBridge()) {
        start = i + 1;
      }
    }
    return (chain.size() - start) % 2 == 0;
  }

  @Override
  public void collect(HostContext ctx) {
    aer.begin();
    Map<String, double[]> total = sumUpstream(ctx);
    for (PciDevice d : ctx.topology.pci.values()) {
      String id = linkId(ctx.host, d.address());
      double[] t = total.get(d.address());
      if (t != null) {
        ctx.sample(id, HostMetrics.READ_BYTES, t[0]);
        ctx.sample(id, HostMetrics.WRITE_BYTES, t[1]);
      }
      collectAer(ctx, d, id);
    }
  }

  /** A link carries the traffic of everything below it, so each device's share adds to every ancestor. */
  private static Map<String, double[]> sumUpstream(HostContext ctx) {
    Map<String, double[]> total = new HashMap<>();
    for (Map.Entry<String, double[]> e : ctx.pciTraffic.entrySet()) {
      PciDevice d = ctx.topology.pci.get(e.getKey());
      List<String> chain = d == null ? List.of(e.getKey()) : d.chain();
      for (String address : chain) {
        double[] t = total.computeIfAbsent(address, a -> new double[2]);
        t[0] += e.getValue()[0];
        t[1] += e.getValue()[1];
      }
    }
    return total;
  }

  /** AER counters exist only where the kernel has AER for the device; absent is normal. */
  private void collectAer(HostContext ctx, PciDevice d, String id) {
    if (!d.hasAer()) {
      return;
    }
    long sum = 0;
    boolean any = false;
    for (String name : AER_FILES) {
      String text = SysFiles.optional(d.dir().resolve(name));
      if (text == null) {
        continue;
      }
      Long v = aerTotal(text);
      if (v == null) {
        ctx.files.problem(d.dir().resolve(name), "no TOTAL_ERR_ line");
        return;
      }
      sum += v;
      any = true;
    }
    if (any) {
      Counters.Delta delta = aer.delta(d.address(), ctx.scrape.ts(), new long[] {sum});
      if (delta != null) {
        ctx.sample(id, HostMetrics.ERRORS, delta.rate(0));
      }
    }
  }

  /** The TOTAL_ERR_COR / TOTAL_ERR_FATAL / TOTAL_ERR_NONFATAL line of an aer_dev_* file. */
  static Long aerTotal(String text) {
    for (String line : text.split("\n")) {
      if (line.startsWith("TOTAL_ERR_")) {
        String[] f = line.trim().split("\\s+");
        return f.length == 2 ? SysFiles.parseLong(f[1]) : null;
      }
    }
    return null;
  }

  /**
   * Ties a disk or port whose sysfs directory is {@code dir} to the PCI function above it: pci and
   * numa_node attributes, {@code behind} the link, {@code on} its socket. Returns the function, or
   * null for virtual devices.
   */
  static PciDevice attach(HostContext ctx, String id, Path dir, Map<String, Object> attrs) {
    List<String> chain = PciDevice.chainOf(dir);
    PciDevice dev = chain.isEmpty() ? null : ctx.topology.pci.get(chain.get(chain.size() - 1));
    if (dev == null) {
      return null;
    }
    Topology topo = ctx.topology;
    attrs.put("pci", dev.address());
    attrs.put("numa_node", dev.numaNode() == null ? "unknown" : dev.numaNode());
    topo.relation(id, Rel.BEHIND, linkId(ctx.host, dev.address()));
    String socket = Topology.socketId(ctx.host, dev.numaNode());
    if (socket != null && topo.entities.containsKey(socket)) {
      topo.relation(id, Rel.ON, socket);
    }
    topo.pciOf.put(id, dev.address());
    return dev;
  }

  static String linkId(String host, String address) {
    return host + "/pcie/" + address;
  }
}
