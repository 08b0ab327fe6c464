package io.headroom.analyzer.oracle;

import io.headroom.analyzer.data.RunData;
import io.headroom.analyzer.data.Series;

/** The mean of a metric's readings in one phase of an OracleTestbed's recording. */
final class PhaseMeans {
  private final RunData data;
  private final double from;
  private final double to;

  PhaseMeans(RunData data, int phase, OracleTestbed t) {
    this.data = data;
    this.from = OracleRecording.START + (double) phase * t.seconds;
    this.to = from + t.seconds;
  }

  /** NaN when the metric has no reading in the phase. */
  double of(String entity, String metric) {
    Series s = data.seriesOf(entity).get(metric);
    if (s == null) {
      return Double.NaN;
    }
    // readings are stamped at the end of their second: (from, to]
    double[] v = s.valuesBetween(from + 0.5, to + 0.5);
    double sum = 0;
    for (double x : v) {
      sum += x;
    }
    return v.length == 0 ? Double.NaN : sum / v.length;
  }
}
