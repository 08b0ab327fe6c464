package io.headroom.collector.redfish;

/**
 * PCIe generations as Redfish writes them (PCIeType "Gen4") and the per-direction ceiling of
 * design.md: Gen1 and Gen2 lose 20% to 8b/10b coding (250 and 500 MB/s per lane), Gen3 onwards
 * 985, 1969, 3938 and 7876 MB/s per lane.
 */
final class PcieGen {
  private static final double[] BYTES_PER_LANE = {0, 250e6, 500e6, 985e6, 1969e6, 3938e6, 7876e6};

  private PcieGen() {}

  /** "Gen4" to 4; 0 when absent or not a generation. */
  static int parse(String pcieType) {
    if (pcieType == null || !pcieType.startsWith("Gen")) {
      return 0;
    }
    try {
      int g = Integer.parseInt(pcieType.substring(3));
      return g > 0 && g < BYTES_PER_LANE.length ? g : 0;
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  /** Bytes/s per direction; NaN when generation or width is unknown. */
  static double ceiling(int gen, int lanes) {
    return gen <= 0 || lanes <= 0 ? Double.NaN : BYTES_PER_LANE[gen] * lanes;
  }

  static String describe(int gen, int lanes) {
    return "Gen" + (gen > 0 ? gen : "?") + " x" + (lanes > 0 ? lanes : "?");
  }
}
