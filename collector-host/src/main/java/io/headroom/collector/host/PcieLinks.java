package io.headroom.collector.host;

import io.headroom.model.Ceilings;

/**
 * PCIe link readings from sysfs: generation and width; the ceiling they give is
 * {@link Ceilings#pcie}, shared with the analyzer.
 */
final class PcieLinks {

  private PcieLinks() {}

  /**
   * The generation of a sysfs link speed ("8.0 GT/s PCIe", older kernels "8 GT/s"); 0 when
   * unknown ("Unknown", absent, or a speed no generation has).
   */
  static int generation(String speed) {
    if (speed == null) {
      return 0;
    }
    int end = speed.indexOf(" GT/s");
    if (end < 0) {
      return 0;
    }
    double gts;
    try {
      gts = Double.parseDouble(speed.substring(0, end).trim());
    } catch (NumberFormatException e) {
      return 0;
    }
    if (gts == 2.5) {
      return 1;
    } else if (gts == 5) {
      return 2;
    } else if (gts == 8) {
      return 3;
    } else if (gts == 16) {
      return 4;
    } else if (gts == 32) {
      return 5;
    } else if (gts == 64) {
      return 6;
    }
    return 0;
  }

  /** Width from current_link_width / max_link_width ("8"); 0 when unknown or not trained. */
  static int width(String text) {
    if (text == null) {
      return 0;
    }
    Long w = SysFiles.parseLong(text.startsWith("x") ? text.substring(1) : text);
    // 255 is what some devices report for "not trained"; treat like unknown.
    return w == null || w <= 0 || w > 32 ? 0 : w.intValue();
  }

  /** Bytes/s per direction; NaN when generation or width is unknown. */
  static double ceiling(int gen, int width) {
    return Ceilings.pcie(gen, width);
  }

  static String describe(int gen, int width) {
    return "Gen" + (gen > 0 ? gen : "?") + " x" + (width > 0 ? width : "?");
  }
}
