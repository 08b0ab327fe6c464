package io.headroom.analyzer.detect;

/** Links running below what they were built for, from their declared attributes. */
final class Degraded {
  private Degraded() {}

  /**
   * "trained Gen4 x8, capable of Gen4 x16" when a PCIe link's gen or width is below its maximum
   * (a card in a narrow slot, a bad riser), else null.
   */
  static String pcieTraining(Context ctx, String id) {
    double gen = ctx.attrNumber(id, "gen");
    double width = ctx.attrNumber(id, "width");
    double maxGen = ctx.attrNumber(id, "max_gen");
    double maxWidth = ctx.attrNumber(id, "max_width");
    boolean slowGen = !Double.isNaN(gen) && !Double.isNaN(maxGen) && gen < maxGen;
    boolean narrow = !Double.isNaN(width) && !Double.isNaN(maxWidth) && width < maxWidth;
    if (!slowGen && !narrow) {
      return null;
    }
    return "trained " + training(gen, width) + ", capable of "
        + training(Double.isNaN(maxGen) ? gen : maxGen, Double.isNaN(maxWidth) ? width : maxWidth);
  }

  /** "Gen4 x8"; a part not recorded is left out ("Gen3" without a width), never printed as NaN. */
  private static String training(double gen, double width) {
    String g = Double.isNaN(gen) ? "" : "Gen" + Fmt.num(gen);
    String w = Double.isNaN(width) ? "" : "x" + Fmt.num(width);
    return g.isEmpty() || w.isEmpty() ? g + w : g + " " + w;
  }

  /** "running at 10 Gb/s of 25 Gb/s" when a port's speed is below its maximum, else null. */
  static String portSpeed(Context ctx, String id) {
    double speed = ctx.attrNumber(id, "speed_bps");
    double max = ctx.attrNumber(id, "max_speed_bps");
    if (Double.isNaN(speed) || Double.isNaN(max) || speed >= max) {
      return null;
    }
    return "running at " + Fmt.num(speed / 1e9) + " Gb/s of " + Fmt.num(max / 1e9) + " Gb/s";
  }
}
