package io.headroom.collector.host;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

/**
 * One PCI function as sysfs shows it.
 *
 * @param chain PCI addresses from the root port down to this device, this device last
 * @param numaNode null when the kernel does not know (numa_node -1)
 * @param gen trained generation, 0 unknown; likewise width, maxGen, maxWidth
 * @param hasAer whether the kernel exposes AER counters for it (read each scrape only then: a
 *     failed open per device per second is most of the cost on a large host otherwise)
 */
record PciDevice(
    String address,
    Path dir,
    String classCode,
    String vendor,
    String device,
    String subsystemVendor,
    String subsystemDevice,
    String driver,
    int gen,
    int width,
    int maxGen,
    int maxWidth,
    Integer numaNode,
    List<String> chain,
    boolean hasAer) {

  /** Domain of 4 hex digits, or more behind an Intel VMD controller ("10000:01:00.0"). */
  static final Pattern ADDRESS = Pattern.compile("[0-9a-f]{4,8}:[0-9a-f]{2}:[0-9a-f]{2}\\.[0-7]");

  boolean isBridge() {
    return classCode != null && classCode.startsWith("0x0604");
  }

  String upstream() {
    return chain.size() < 2 ? null : chain.get(chain.size() - 2);
  }

  boolean trainedBelowMax() {
    return gen > 0 && maxGen > 0 && width > 0 && maxWidth > 0 && (gen < maxGen || width < maxWidth);
  }

  /** The PCI addresses in a resolved sysfs path, outermost first. */
  static List<String> chainOf(Path realPath) {
    java.util.ArrayList<String> out = new java.util.ArrayList<>();
    for (Path part : realPath) {
      String name = part.toString();
      if (ADDRESS.matcher(name).matches()) {
        out.add(name);
      }
    }
    return out;
  }
}
