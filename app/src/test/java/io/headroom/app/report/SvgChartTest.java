package io.headroom.app.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class SvgChartTest {
  /** An axis tops at the value rounded up to 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 times a power of ten. */
  @Test
  void theAxisTopIsTheNextRoundValue() {
    assertEquals(1.2, SvgChart.niceMax(new double[] {1.05}), 1e-12); // the share axis: 105% shows 120%
    assertEquals(1.0, SvgChart.niceMax(new double[] {1.0}), 1e-12);
    assertEquals(3e10, SvgChart.niceMax(new double[] {2.56e10}), 1); // S1's 25.6 GB/s
    assertEquals(1e6, SvgChart.niceMax(new double[] {996_800}), 1e-6); // 10 x 100,000
    assertEquals(1.2e6, SvgChart.niceMax(new double[] {1_000_001}), 1e-6);
    assertEquals(1.0, SvgChart.niceMax(new double[] {0}), 1e-12); // nothing read: a unit axis
  }

  /** Coordinates to one decimal, rounded half up as %.1f rounds them here, the sign kept. */
  @Test
  void coordinatesAreWrittenToOneDecimal() {
    assertEquals("122.4 66.0 -3.5 0.0 1234.6", String.join(" ", SvgChart.tenths(new StringBuilder(), 122.4).toString(),
        SvgChart.tenths(new StringBuilder(), 65.96).toString(), SvgChart.tenths(new StringBuilder(), -3.46).toString(),
        SvgChart.tenths(new StringBuilder(), 0.04).toString(), SvgChart.tenths(new StringBuilder(), 1234.55).toString()));
  }

  /** A gap of more than 3 median steps and 5 s splits a line: 1 s readings with 6 s missing are two stretches. */
  @Test
  void aLineIsDrawnInStretchesAcrossItsGaps() {
    List<int[]> s = SvgChart.stretches(new double[] {1, 2, 3, 4, 10, 11, 12});
    assertEquals(2, s.size());
    assertEquals(List.of(0, 4), List.of(s.get(0)[0], s.get(0)[1]));
    assertEquals(List.of(4, 7), List.of(s.get(1)[0], s.get(1)[1]));
    // exactly 5 s apart is no gap
    assertEquals(1, SvgChart.stretches(new double[] {1, 2, 3, 8}).size());
    assertEquals(0, SvgChart.stretches(new double[0]).size());
  }

  /** Units on both axes, the ceiling drawn as a level at its value, each line carrying its role and entity. */
  @Test
  void theSvgStatesItsScaleAndWhatEachLineIs() {
    SvgChart c = new SvgChart("c", 100, 110, 600, 100, new SvgChart.Axis("IOPS", ReportCharts::count, 0))
        .right(new SvgChart.Axis("% of declared ceiling", ReportCharts::percent, 1.05));
    c.line(new SvgChart.Line("IOPS", new double[] {101, 110}, new double[] {50_000, 100_000}, SvgChart.Side.LEFT, "throughput", null, false));
    c.line(new SvgChart.Line("disk", new double[] {101, 110}, new double[] {0.5, 1.0}, SvgChart.Side.RIGHT, "limit", "d1", false));
    c.level(new SvgChart.Level(0.87, SvgChart.Side.RIGHT, "practical", "ceiling"));
    String svg = c.svg(ReportPage::esc);
    assertTrue(svg.contains("data-left-max=\"100000.0\" data-right-max=\"1.2\" data-left-unit=\"IOPS\""
        + " data-right-unit=\"% of declared ceiling\" data-points=\"4\""), svg);
    // the plot spans x 78..522, y 16..116: t=101 at 78 + 1/10 x 444 = 122.4; 50,000 of 100,000 at 116 - 50 = 66.0
    assertTrue(svg.contains("points=\"122.4,66.0 522.0,16.0\""), svg);
    // 0.87 of 1.2 on the right: 116 - 0.725 x 100 = 43.5
    assertTrue(svg.contains("class=\"level\" data-role=\"ceiling\" data-value=\"0.87\" x1=\"78\" y1=\"43.5\""), svg);
    assertTrue(svg.contains(" data-entity=\"d1\"><title>disk</title></polyline>"), svg);
    assertTrue(c.legend(ReportPage::esc).startsWith("<ul class=\"legend\"><li><span class=\"swatch\" style=\"border-top: 3px dashed #000\"></span> practical</li>"));
  }
}
