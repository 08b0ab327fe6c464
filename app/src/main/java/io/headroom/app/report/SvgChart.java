package io.headroom.app.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleFunction;
import java.util.function.UnaryOperator;

/**
 * One time chart drawn as SVG on the server, the one code path behind every chart of the page and
 * the PDF (openhtmltopdf draws the same SVG through its Batik module): lines over [t0, t1] against
 * a left axis and, when a line asks for it, a right one, each axis labelled with its unit;
 * horizontal levels (a ceiling) and vertical marks (phase boundaries). The legend is HTML under it
 * (legend()), so it wraps at any width and the PDF holds it as text (Batik draws SVG text as
 * shapes). Each line and the plot area carry data attributes naming what they are (role, entity,
 * the scale), so a test reads the drawing back.
 */
final class SvgChart {
  static final String[] COLORS = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"};
  private static final int LEFT_PAD = 78;
  private static final int RIGHT_PAD = 78;
  private static final int TOP_PAD = 16;
  private static final int AXIS_PAD = 34;

  enum Side { LEFT, RIGHT }

  /** An axis: its unit (written on it), how a value reads ("1.2M"), and the least top it shows. */
  record Axis(String unit, DoubleFunction<String> format, double floorMax) {}

  /**
   * A line: role is what it stands for ("throughput", "limit", "tightest", "latency"), entity the
   * entity it reads (or null); muted draws it grey and dashed (an entity off the data path).
   */
  record Line(String name, double[] ts, double[] values, Side side, String role, String entity, boolean muted) {}

  /** A horizontal level, a ceiling: drawn dashed across the plot with its label. */
  record Level(double value, Side side, String label, String role) {}

  /** A vertical mark at t, a phase boundary, named under the axis. */
  record Mark(double t, String label) {}

  private final String id;
  private final double t0;
  private final double t1;
  private final int width;
  private final int plotHeight;
  private final Axis left;
  private Axis right;
  private String timeLabel = "seconds";
  private final List<Line> lines = new ArrayList<>();
  private final List<Level> levels = new ArrayList<>();
  private final List<Mark> marks = new ArrayList<>();

  SvgChart(String id, double t0, double t1, int width, int plotHeight, Axis left) {
    this.id = id;
    this.t0 = t0;
    // a window not begun (a live phase declared ahead of its readings) is drawn one second wide and empty
    this.t1 = t1 > t0 ? t1 : t0 + 1;
    this.width = width;
    this.plotHeight = plotHeight;
    this.left = left;
  }

  SvgChart right(Axis axis) {
    this.right = axis;
    return this;
  }

  boolean hasRight() {
    return right != null;
  }

  SvgChart timeLabel(String label) {
    this.timeLabel = label;
    return this;
  }

  SvgChart line(Line l) {
    lines.add(l);
    return this;
  }

  SvgChart level(Level l) {
    levels.add(l);
    return this;
  }

  SvgChart mark(Mark m) {
    marks.add(m);
    return this;
  }

  /** Points drawn, over every line. */
  int points() {
    return lines.stream().mapToInt(l -> l.ts().length).sum();
  }

  /** The SVG, its text escaped by {@code text} (the page's escaping, or the PDF's Latin-1 one). */
  String svg(UnaryOperator<String> text) {
    double leftMax = niceMax(side(Side.LEFT));
    double rightMax = right == null ? 1 : niceMax(side(Side.RIGHT));
    int x0 = LEFT_PAD;
    int x1 = width - RIGHT_PAD;
    int y0 = TOP_PAD + plotHeight;
    int y1 = TOP_PAD;
    List<Line> drawn = drawn();
    int height = y0 + AXIS_PAD;
    StringBuilder s = new StringBuilder(4096);
    s.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart-svg\" id=\"%s\" width=\"%d\""
        + " height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"11\" data-t0=\"%s\" data-t1=\"%s\""
        + " data-plot=\"%d %d %d %d\" data-left-max=\"%s\" data-right-max=\"%s\" data-left-unit=\"%s\" data-right-unit=\"%s\""
        + " data-points=\"%d\">",
        text.apply(id), width, height, width, height, num(t0), num(t1), x0, y1, x1, y0, num(leftMax), num(rightMax),
        text.apply(left.unit()), right == null ? "" : text.apply(right.unit()), points()));
    s.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#fcfcfc\" stroke=\"#ccc\"/>",
        x0, y1, x1 - x0, y0 - y1));
    axis(s, text, left, leftMax, x0, y0, y1, "end", x0 - 4);
    if (right != null) {
      axis(s, text, right, rightMax, x1, y0, y1, "start", x1 + 4);
    }
    timeAxis(s, text, x0, x1, y0);
    for (Mark m : marks) {
      if (m.t() < t0 || m.t() > t1) {
        continue;
      }
      double x = x(m.t(), x0, x1);
      s.append(String.format(Locale.ROOT, "<line class=\"phase-boundary\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\""
          + " stroke=\"#888\" stroke-dasharray=\"4 3\"/>", x, y1, x, y0));
      s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" fill=\"#555\" font-size=\"10\">%s</text>", x + 3, y1 + 11,
          text.apply(m.label())));
    }
    for (Level l : levels) {
      double max = l.side() == Side.LEFT ? leftMax : rightMax;
      double y = y(l.value(), max, y0, y1);
      s.append(String.format(Locale.ROOT, "<line class=\"level\" data-role=\"%s\" data-value=\"%s\" x1=\"%d\" y1=\"%.1f\""
          + " x2=\"%d\" y2=\"%.1f\" stroke=\"#000\" stroke-width=\"1.2\" stroke-dasharray=\"7 4\"/>",
          text.apply(l.role()), num(l.value()), x0, y, x1, y));
    }
    for (int i = 0; i < drawn.size(); i++) {
      Line l = drawn.get(i);
      double max = l.side() == Side.LEFT ? leftMax : rightMax;
      String color = color(l, i);
      // one polyline per stretch of readings: a series missing for a while (mean write latency in
      // a read-only phase) is not drawn as a straight line across the gap
      for (int[] run : stretches(l.ts())) {
        StringBuilder pts = new StringBuilder((run[1] - run[0]) * 12);
        for (int k = run[0]; k < run[1]; k++) {
          tenths(pts.append(k == run[0] ? "" : " "), x(l.ts()[k], x0, x1)).append(',');
          tenths(pts, y(l.values()[k], max, y0, y1));
        }
        // the entity last, then the line's name as its title (a tooltip on the page), marks included
        s.append("<polyline class=\"series\" data-role=\"").append(text.apply(l.role())).append('"')
            .append(" data-side=\"").append(l.side() == Side.LEFT ? "left" : "right").append("\" data-points=\"")
            .append(run[1] - run[0]).append("\" fill=\"none\" stroke=\"").append(color).append("\" stroke-width=\"")
            .append(l.role().equals("limit") ? "2.2" : "1.5").append('"')
            .append(l.muted() ? " stroke-dasharray=\"5 3\"" : "").append(" points=\"").append(pts).append('"')
            .append(l.entity() == null ? "" : " data-entity=\"" + text.apply(l.entity()) + "\"")
            .append("><title>").append(text.apply(l.name())).append("</title></polyline>");
      }
    }
    if (drawn.isEmpty()) {
      s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" fill=\"#888\">no samples in this window</text>",
          x0 + 10, (y0 + y1) / 2));
    }
    return s.append("</svg>").toString();
  }

  private void axis(StringBuilder s, UnaryOperator<String> text, Axis a, double max, int x, int y0, int y1, String anchor,
      int labelX) {
    for (int k = 0; k <= 4; k++) {
      double v = max * k / 4;
      double y = y(v, max, y0, y1);
      s.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#999\"/>",
          x - 3, y, x + 3, y));
      s.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"%s\">%s</text>", labelX, y + 4, anchor,
          text.apply(a.format().apply(v))));
    }
    // the unit over the axis, where every reader looks for it, inside the drawing whatever its length
    boolean leftSide = anchor.equals("end");
    s.append(String.format(Locale.ROOT, "<text class=\"unit\" x=\"%d\" y=\"%d\" text-anchor=\"%s\" font-weight=\"bold\">%s</text>",
        leftSide ? 2 : width - 2, y1 - 3, leftSide ? "start" : "end", text.apply(a.unit())));
  }

  private void timeAxis(StringBuilder s, UnaryOperator<String> text, int x0, int x1, int y0) {
    double span = t1 - t0;
    double step = niceStep(span / 6);
    for (double t = 0; t <= span + 1e-9; t += step) {
      double x = x(t0 + t, x0, x1);
      s.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#999\"/>", x, y0, x, y0 + 3));
      s.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>", x, y0 + 14,
          ReportFormat.trim(t)));
    }
    s.append(String.format(Locale.ROOT, "<text class=\"unit\" x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>", x1, y0 + 27,
        text.apply(timeLabel)));
  }

  /**
   * The key under the chart, one item per level and drawn line in the chart's colours: a swatch
   * (dashed for a level or a muted line) and the name, in running text ({@code prose}).
   */
  String legend(UnaryOperator<String> prose) {
    StringBuilder s = new StringBuilder("<ul class=\"legend\">");
    for (Level l : levels) {
      item(s, "#000", true, prose.apply(l.label()));
    }
    List<Line> drawn = drawn();
    for (int i = 0; i < drawn.size(); i++) {
      item(s, color(drawn.get(i), i), drawn.get(i).muted(), prose.apply(drawn.get(i).name()));
    }
    return s.append("</ul>").toString();
  }

  private static void item(StringBuilder s, String color, boolean dashed, String label) {
    s.append("<li><span class=\"swatch\" style=\"border-top: 3px ").append(dashed ? "dashed" : "solid").append(' ')
        .append(color).append("\"></span> ").append(label).append("</li>");
  }

  /**
   * A coordinate to one decimal, as "%.1f" writes it but without a formatter per point: the sweep's
   * 125 phase charts spent most of the page's time there.
   */
  static StringBuilder tenths(StringBuilder b, double v) {
    if (!Double.isFinite(v)) {
      return b.append(String.format(Locale.ROOT, "%.1f", v));
    }
    long t = Math.round(v * 10);
    if (t < 0) {
      b.append('-');
      t = -t;
    }
    return b.append(t / 10).append('.').append(t % 10);
  }

  /**
   * The index ranges [from, to) of a line's readings without a gap: a gap is more than three times
   * the median step between readings, and at least 5 s.
   */
  static List<int[]> stretches(double[] ts) {
    List<int[]> out = new ArrayList<>();
    if (ts.length == 0) {
      return out;
    }
    double[] steps = new double[Math.max(0, ts.length - 1)];
    for (int k = 1; k < ts.length; k++) {
      steps[k - 1] = ts[k] - ts[k - 1];
    }
    java.util.Arrays.sort(steps);
    double gap = Math.max(5.0, 3 * (steps.length == 0 ? 0 : steps[steps.length / 2]));
    int from = 0;
    for (int k = 1; k < ts.length; k++) {
      if (ts[k] - ts[k - 1] > gap) {
        out.add(new int[] {from, k});
        from = k;
      }
    }
    out.add(new int[] {from, ts.length});
    return out;
  }

  private List<Line> drawn() {
    return lines.stream().filter(l -> l.ts().length > 0).toList();
  }

  private static String color(Line l, int index) {
    return l.muted() ? "#999" : COLORS[index % COLORS.length];
  }

  private double[] side(Side side) {
    List<Double> all = new ArrayList<>();
    Axis a = side == Side.LEFT ? left : right;
    all.add(a.floorMax());
    lines.stream().filter(l -> l.side() == side).forEach(l -> {
      for (double v : l.values()) {
        if (Double.isFinite(v)) {
          all.add(v);
        }
      }
    });
    levels.stream().filter(l -> l.side() == side).forEach(l -> all.add(l.value()));
    return all.stream().mapToDouble(Double::doubleValue).toArray();
  }

  /** The axis top: the largest value rounded up to 1, 2, 2.5 or 5 times a power of ten. */
  static double niceMax(double[] values) {
    double max = 0;
    for (double v : values) {
      max = Math.max(max, v);
    }
    if (max <= 0) {
      return 1;
    }
    double p = Math.pow(10, Math.floor(Math.log10(max)));
    for (double m : new double[] {1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10}) {
      if (m * p >= max * (1 - 1e-12)) {
        return m * p;
      }
    }
    return 10 * p;
  }

  private static double niceStep(double raw) {
    if (raw <= 0) {
      return 1;
    }
    double p = Math.pow(10, Math.floor(Math.log10(raw)));
    for (double m : new double[] {1, 2, 5, 10}) {
      if (m * p >= raw) {
        return m * p;
      }
    }
    return 10 * p;
  }

  private double x(double t, int x0, int x1) {
    return x0 + (t - t0) / (t1 - t0) * (x1 - x0);
  }

  private static double y(double v, double max, int y0, int y1) {
    return y0 - v / max * (y0 - y1);
  }

  private static String num(double v) {
    return Double.toString(v);
  }
}
