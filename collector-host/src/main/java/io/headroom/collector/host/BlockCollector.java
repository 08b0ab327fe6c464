package io.headroom.collector.host;

import io.headroom.collector.linux.BlockStats;
import io.headroom.collector.source.Counters;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import io.headroom.model.Rel;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Whole block devices (/sys/block) as {@code disk} entities, mapped to the PCIe link their I/O
 * crosses and that link's NUMA node; NVMe controller and namespace, md members and dm lower
 * devices (as {@code behind} relations, upper to lower). Rates come from /proc/diskstats.
 */
final class BlockCollector implements Collector {

  /** A /proc/diskstats line: major, minor, name, then 11 counters (more on newer kernels). */
  private static final int MIN_FIELDS = 14;
  private final Counters counters = new Counters();
  private final FileBytes diskstats = new FileBytes();
  /** Devices found at discovery, by kernel name. */
  private final Map<String, String> disks = new TreeMap<>();

  @Override
  public String area() {
    return "block";
  }

  @Override
  public void discover(HostContext ctx) throws IOException {
    disks.clear();
    Path root = ctx.sys("block");
    if (!Files.isDirectory(root)) {
      ctx.files.problem(root, "missing: no block devices to discover");
      return;
    }
    ctx.files.eachEntry(root, p -> {
      Long size = SysFiles.optionalLong(p.resolve("size"));
      // Unbound loop devices, empty drives and ram disks of size 0 hold nothing to watch.
      if (size != null && size != 0) {
        discoverDisk(ctx, p, p.getFileName().toString(), size);
      }
    });
  }

  private void discoverDisk(HostContext ctx, Path link, String name, long sectors) throws IOException {
    Topology topo = ctx.topology;
    String id = ctx.id("disk/" + name);
    Path dir = link.toRealPath();
    Map<String, Object> attrs = new LinkedHashMap<>();
    attrs.put("size_bytes", sectors * 512);
    Long rotational = SysFiles.optionalLong(dir.resolve("queue/rotational"));
    if (rotational != null) {
      attrs.put("rotational", rotational == 1);
    }
    List<String> paths = pciPaths(dir);
    String pci = paths.size() == 1 ? paths.get(0) : null;
    if (name.startsWith("nvme")) {
      nvmeAttrs(dir, attrs);
    } else if (name.startsWith("md")) {
      Attrs.putIf(attrs, "md_level", SysFiles.optional(dir.resolve("md/level")));
      Attrs.putIf(attrs, "md_raid_disks", SysFiles.optional(dir.resolve("md/raid_disks")));
    } else if (name.startsWith("dm-")) {
      Attrs.putIf(attrs, "dm_name", SysFiles.optional(dir.resolve("dm/name")));
      Attrs.putIf(attrs, "dm_uuid", SysFiles.optional(dir.resolve("dm/uuid")));
    } else {
      Attrs.putIf(attrs, "model", SysFiles.optional(dir.resolve("device/model")));
      Attrs.putIf(attrs, "backing_file", SysFiles.optional(dir.resolve("loop/backing_file")));
    }
    PciDevice dev = pci == null ? null : topo.pci.get(pci);
    if (dev != null) {
      attrs.put("numa_node", dev.numaNode() == null ? "unknown" : dev.numaNode());
      attrs.put("pci", pci);
      topo.pciOf.put(id, pci);
    }
    Map<String, Double> capacity = new LinkedHashMap<>();
    capacity.put("util", 1.0);
    capacity.putAll(ctx.config.diskSpec(name));
    topo.entity(new Entity(id, EntityKind.DISK, name, attrs, capacity));
    for (String address : paths) {
      topo.relation(id, Rel.BEHIND, PcieCollector.linkId(ctx.host, address));
    }
    for (String lower : lowerDevices(dir)) {
      topo.relation(id, Rel.BEHIND, ctx.id("disk/" + lower));
    }
    disks.put(name, id);
  }

  /**
   * The PCI functions a disk's I/O goes through: its own device path, or for an NVMe multipath
   * namespace head (under virtual/nvme-subsystem) each controller path.
   */
  private static List<String> pciPaths(Path dir) throws IOException {
    List<String> chain = PciDevice.chainOf(dir);
    if (!chain.isEmpty()) {
      return List.of(chain.get(chain.size() - 1));
    }
    List<String> out = new ArrayList<>();
    Path multipath = dir.resolve("multipath");
    if (Files.isDirectory(multipath)) {
      try (DirectoryStream<Path> ds = Files.newDirectoryStream(multipath)) {
        for (Path p : ds) {
          List<String> c = PciDevice.chainOf(p.toRealPath());
          if (!c.isEmpty() && !out.contains(c.get(c.size() - 1))) {
            out.add(c.get(c.size() - 1));
          }
        }
      }
    }
    out.sort(null);
    return out;
  }

  /** md members and dm lower devices: the kernel lists them under slaves/. */
  private static List<String> lowerDevices(Path dir) throws IOException {
    List<String> out = new ArrayList<>();
    Path slaves = dir.resolve("slaves");
    if (Files.isDirectory(slaves)) {
      try (DirectoryStream<Path> ds = Files.newDirectoryStream(slaves)) {
        for (Path p : ds) {
          out.add(p.getFileName().toString());
        }
      }
    }
    out.sort(null);
    return out;
  }

  /**
   * nvme0n1's controller (nvme0) and what it says of itself. A PCIe namespace sits in its
   * controller's directory (.../nvme/nvme0/nvme0n1), so the parent is used rather than the
   * device link (which points back up and would be a cycle in a captured tree). A multipath head
   * (NVMe-oF, dual-port drives) lists its paths under multipath/, each inside its controller.
   */
  private static void nvmeAttrs(Path dir, Map<String, Object> attrs) throws IOException {
    List<Path> ctrls = new ArrayList<>();
    Path parent = dir.getParent();
    if (parent != null && parent.getParent() != null
        && "nvme".equals(String.valueOf(parent.getParent().getFileName()))) {
      ctrls.add(parent);
    } else if (Files.isDirectory(dir.resolve("multipath"))) {
      try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir.resolve("multipath"))) {
        for (Path p : ds) {
          ctrls.add(p.toRealPath().getParent());
        }
      }
      ctrls.sort(null);
    }
    if (!ctrls.isEmpty()) {
      Path ctrl = ctrls.get(0);
      if (ctrls.size() == 1) {
        attrs.put("nvme_controller", ctrl.getFileName().toString());
      } else {
        attrs.put("nvme_controllers", ctrls.stream().map(c -> c.getFileName().toString()).toList());
      }
      Attrs.putIf(attrs, "model", SysFiles.optional(ctrl.resolve("model")));
      Attrs.putIf(attrs, "serial", SysFiles.optional(ctrl.resolve("serial")));
      Attrs.putIf(attrs, "firmware", SysFiles.optional(ctrl.resolve("firmware_rev")));
      Attrs.putIf(attrs, "transport", SysFiles.optional(ctrl.resolve("transport")));
      // For NVMe-oF: where the namespace lives (traddr=...,trsvcid=...), i.e. which array port.
      Attrs.putIf(attrs, "nvme_address", SysFiles.optional(ctrl.resolve("address")));
    }
    Attrs.putIf(attrs, "nsid", SysFiles.optional(dir.resolve("nsid")));
  }

  @Override
  public void collect(HostContext ctx) {
    counters.begin();
    Path file = ctx.proc("diskstats");
    if (!ctx.files.required(file, diskstats)) {
      return;
    }
    Map<String, long[]> stats = parse(diskstats, file, ctx.files);
    for (Map.Entry<String, String> e : disks.entrySet()) {
      long[] now = stats.get(e.getKey());
      if (now == null) {
        ctx.files.problem(e.getValue(), "not in " + file + " (device gone?)");
        continue;
      }
      Counters.Delta d = counters.delta(e.getKey(), ctx.scrape.ts(), now);
      if (d != null) {
        emit(ctx, e.getValue(), d);
      }
    }
  }

  private static void emit(HostContext ctx, String id, Counters.Delta d) {
    BlockStats.emit(d, HostMetrics.BLOCK, (metric, value) -> ctx.sample(id, metric, value));
    ctx.addPciTraffic(id, BlockStats.readBytesPerS(d), BlockStats.writeBytesPerS(d));
  }

  /**
   * /proc/diskstats: name to the BlockStats.PICK fields. A line that does not parse costs that device only
   * (it then reads as gone), with a problem naming the file and the line.
   */
  static Map<String, long[]> parse(FileBytes text, Path file, SysFiles files) {
    Map<String, long[]> out = new HashMap<>();
    int[] starts = new int[MIN_FIELDS];
    int[] ends = new int[MIN_FIELDS];
    for (int pos = 0; pos < text.length(); pos = text.lineEnd(pos) + 1) {
      int end = text.lineEnd(pos);
      if (text.fields(pos, end, starts, ends) < MIN_FIELDS) {
        continue;
      }
      try {
        long[] v = new long[BlockStats.PICK.length];
        for (int i = 0; i < BlockStats.PICK.length; i++) {
          int f = 3 + BlockStats.PICK[i];
          v[i] = text.parseLong(starts[f], ends[f]);
        }
        out.put(text.string(starts[2], ends[2]), v);
      } catch (NumberFormatException e) {
        files.problem(file, "unparsable line \"" + text.trimmed(pos, end) + "\"");
      }
    }
    return out;
  }
}
