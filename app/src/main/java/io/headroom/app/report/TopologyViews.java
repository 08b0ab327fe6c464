package io.headroom.app.report;

import io.headroom.model.Entity;

/**
 * What is degraded in a topology, read from the entities' declared attributes the same way the
 * detection rules read them (analyzer detect.Degraded): a PCIe link trained below what it can do,
 * a port running below its maximum speed.
 */
public final class TopologyViews {
  private TopologyViews() {}

  /** Why {@code e} is degraded, or null. */
  public static String degraded(Entity e) {
    double gen = number(e, "gen");
    double width = number(e, "width");
    double maxGen = number(e, "max_gen");
    double maxWidth = number(e, "max_width");
    if (gen < maxGen || width < maxWidth) {
      return "trained Gen" + num(gen) + " x" + num(width) + ", capable of Gen"
          + num(Double.isNaN(maxGen) ? gen : maxGen) + " x" + num(Double.isNaN(maxWidth) ? width : maxWidth);
    }
    double speed = number(e, "speed_bps");
    double maxSpeed = number(e, "max_speed_bps");
    if (speed < maxSpeed) {
      return "running at " + num(speed / 1e9) + " Gb/s of " + num(maxSpeed / 1e9) + " Gb/s";
    }
    return null;
  }

  /** NaN when absent or not a number, so every comparison with it is false. */
  private static double number(Entity e, String attr) {
    Object v = e.attrs().get(attr);
    if (v instanceof Number n) {
      return n.doubleValue();
    }
    if (v instanceof String s) {
      try {
        return Double.parseDouble(s);
      } catch (NumberFormatException ignored) {
        return Double.NaN;
      }
    }
    return Double.NaN;
  }

  private static String num(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
  }
}
