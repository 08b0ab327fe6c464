package io.headroom.collector.redfish;

import java.util.Map;

/**
 * InfiniBand link rates, decoded by the InfiniBand Architecture Specification's enumeration of
 * link speeds and widths, never read as numbers. Per-lane data rates (after line coding, which is
 * what a port can carry): SDR 2, DDR 4, QDR 8 Gb/s (2.5, 5, 10 Gbaud with 8b/10b), FDR10 10,
 * FDR 13.64 (10.3125 and 14.0625 Gbaud with 64b/66b), EDR 25, HDR 50, NDR 100, XDR 200 Gb/s.
 * Widths 1X, 2X, 4X, 8X and 12X are lanes.
 */
final class InfiniBandRate {
  /** Data Gb/s per lane by the speed's name. */
  static final Map<String, Double> LANE_GBPS = Map.of("SDR", 2.0, "DDR", 4.0, "QDR", 8.0, "FDR10", 10.0,
      "FDR", 14.0625 * 64 / 66, "EDR", 25.0, "HDR", 50.0, "NDR", 100.0, "XDR", 200.0);
  private static final Map<String, Integer> WIDTHS = Map.of("1X", 1, "2X", 2, "4X", 4, "8X", 8, "12X", 12);

  /** A speed and width by their names ("HDR", "4X"), or null when either is not one the spec defines. */
  record Rate(String speed, int lanes) {
    double gbps() {
      return LANE_GBPS.get(speed) * lanes;
    }

    /** "200 Gb/s (4X HDR)". */
    String describe() {
      double g = gbps();
      String n = g == Math.rint(g) ? String.valueOf((long) g) : String.format(java.util.Locale.ROOT, "%.2f", g);
      return n + " Gb/s (" + lanes + "X " + speed + ")";
    }
  }

  private InfiniBandRate() {}

  static Rate parse(String speed, String width) {
    String s = speed == null ? null : speed.trim().toUpperCase(java.util.Locale.ROOT);
    String w = width == null ? null : width.trim().toUpperCase(java.util.Locale.ROOT);
    if (s == null || w == null || !LANE_GBPS.containsKey(s) || !WIDTHS.containsKey(w)) {
      return null;
    }
    return new Rate(s, WIDTHS.get(w));
  }

  /**
   * A rate a port gave in Gb/s with its lane count, as people say it ("200 Gb/s (4X HDR)"), named
   * where the lane rate is one the names are usually given for: SDR 2.5, DDR 5, QDR 10, FDR 14,
   * EDR 25, HDR 50, NDR 100, XDR 200 Gb/s a lane (the older names by their signalling rate).
   */
  static String describe(double gbps, int width) {
    double perLane = gbps / width;
    String name = null;
    for (int i = 0; i < SAID_GBPS.length; i++) {
      // FDR signals 14.0625 Gb/s; a BMC may round the total either way
      if (Math.abs(perLane - SAID_GBPS[i]) / SAID_GBPS[i] < 0.05) {
        name = SAID_NAMES[i];
      }
    }
    String g = gbps == Math.rint(gbps) ? String.valueOf((long) gbps) : String.valueOf(gbps);
    return g + " Gb/s (" + width + "X" + (name == null ? "" : " " + name) + ")";
  }

  private static final double[] SAID_GBPS = {2.5, 5, 10, 14, 25, 50, 100, 200};
  private static final String[] SAID_NAMES = {"SDR", "DDR", "QDR", "FDR", "EDR", "HDR", "NDR", "XDR"};
}
