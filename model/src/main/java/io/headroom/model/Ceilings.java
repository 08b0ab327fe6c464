package io.headroom.model;

import java.util.Locale;

/**
 * The per-direction ceiling of a link from what is known of it (design.md, "Ceilings"): one
 * function for the host source, which reads gen, width and speed from sysfs, and for the analyzer,
 * which meets them as attributes of an entity recorded without an explicit capacity.
 */
public final class Ceilings {
  /**
   * Bytes/s per lane and direction by PCIe generation: Gen1 and Gen2 signal 2.5 and 5 GT/s with
   * 8b/10b coding (20% lost); Gen3 onwards code 128b/130b, which the design rounds to 985, 1969,
   * 3938 and 7876 MB/s per lane.
   */
  private static final double[] PCIE_BYTES_PER_LANE = {
    0, 2.5e9 * 0.8 / 8, 5e9 * 0.8 / 8, 985e6, 1969e6, 3938e6, 7876e6
  };

  private Ceilings() {}

  /** A PCIe link's line-coded bytes/s per direction; NaN when generation or width is unknown. */
  public static double pcie(double gen, double width) {
    if (!(gen >= 1 && gen < PCIE_BYTES_PER_LANE.length && gen == Math.rint(gen)) || !(width > 0 && width <= 32)) {
      return Double.NaN;
    }
    return PCIE_BYTES_PER_LANE[(int) gen] * width;
  }

  /**
   * A port's bytes/s per direction from its speed in bits/s: FC speeds name the payload in units
   * of 100 MB/s per Gbit (32G: 3.2 GB/s, after 64b/66b coding and framing), Ethernet and
   * InfiniBand carry speed / 8. NaN when the speed is not a positive number.
   */
  public static double port(String fabric, double speedBps) {
    if (!(speedBps > 0) || Double.isInfinite(speedBps)) {
      return Double.NaN;
    }
    boolean fc = fabric != null && switch (fabric.toLowerCase(Locale.ROOT)) {
      case "fc", "fibre_channel" -> true;
      default -> false;
    };
    return fc ? speedBps / 10 : speedBps / 8;
  }
}
