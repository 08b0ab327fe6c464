package io.headroom.collector.redfish;

/**
 * An InfiniBand link's speed and width as people say it ("200 Gb/s (4X HDR)"), from the per-lane
 * data rate: SDR 2.5, DDR 5, QDR 10, FDR 14, EDR 25, HDR 50, NDR 100, XDR 200 Gb/s a lane.
 */
final class InfiniBandRate {
  private static final double[] LANE_GBPS = {2.5, 5, 10, 14, 25, 50, 100, 200};
  private static final String[] NAMES = {"SDR", "DDR", "QDR", "FDR", "EDR", "HDR", "NDR", "XDR"};

  private InfiniBandRate() {}

  static String describe(double gbps, int width) {
    double perLane = gbps / width;
    String name = null;
    for (int i = 0; i < LANE_GBPS.length; i++) {
      // FDR signals 14.0625 Gb/s; a BMC may round the total either way
      if (Math.abs(perLane - LANE_GBPS[i]) / LANE_GBPS[i] < 0.05) {
        name = NAMES[i];
      }
    }
    String g = gbps == Math.rint(gbps) ? String.valueOf((long) gbps) : String.valueOf(gbps);
    return g + " Gb/s (" + width + "X" + (name == null ? "" : " " + name) + ")";
  }
}
