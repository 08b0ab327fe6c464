package io.headroom.analyzer.remotewrite;

import io.headroom.remotewrite.TimeSeries;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.model.Bottleneck;
import io.headroom.model.HeadroomEntry;
import io.headroom.model.Phase;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Verdict;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Times in ms; the step is 10 s. */
class DerivedSeriesTest {
  private static String text(List<TimeSeries> due) {
    List<String> out = new ArrayList<>();
    for (TimeSeries s : due) {
      StringBuilder b = new StringBuilder(s.labels().toString());
      for (int i = 0; i < s.size(); i++) {
        double v = s.value(i);
        b.append(' ').append(Double.doubleToRawLongBits(v) == Double.doubleToRawLongBits(TimeSeries.STALE) ? "stale" : v)
            .append('@').append(s.timestamp(i));
      }
      out.add(b.toString());
    }
    return String.join("\n", out);
  }

  private static Verdict verdict(Bottleneck b, String entity, List<HeadroomEntry> rows) {
    PhaseVerdict p = new PhaseVerdict("p1", b, entity, 0.9, "r", List.of(), rows, List.of(), null);
    return new Verdict("r1", b, entity, 0.9, List.of(), rows, List.of(p));
  }

  @Test
  void aPhaseIsOneFromItsStartEveryStepAndEndsWithAStalenessMarker() {
    DerivedSeries d = new DerivedSeries();
    d.phase("tb", new Phase("r1", "p1", 70.0, null));
    assertEquals("{__name__=headroom_phase_info, phase=p1, run=r1, testbed=tb} 1.0@70000 1.0@80000 1.0@90000 1.0@100000",
        text(d.due(100_000)));
    assertEquals("", text(d.due(105_000)), "nothing new before the next step");
    d.phase("tb", new Phase("r1", "p1", 70.0, 112.5));
    assertEquals("{__name__=headroom_phase_info, phase=p1, run=r1, testbed=tb} 1.0@110000 1.0@112500 stale@112501",
        text(d.due(130_000)));
    assertEquals("", text(d.due(140_000)), "an ended series is forgotten");
    d.phase("tb", new Phase("r1", "p1", 70.0, 112.5)); // the record read again: nothing is sent twice
    assertEquals("", text(d.due(150_000)));
  }

  @Test
  void theBottleneckHoldsFromThePhasesStartAndAChangeEndsItNow() {
    DerivedSeries d = new DerivedSeries();
    d.phase("tb", new Phase("r1", "p1", 70.0, null));
    d.due(70_000);
    List<HeadroomEntry> rows = List.of(new HeadroomEntry("d1", "disk", 0.75, 0.7, "util", true),
        new HeadroomEntry("h1/cpu", "host_cpu", 0.5, 0.5, "util", false)); // off the path: no series
    d.verdict("tb", verdict(Bottleneck.DISK, "d1", rows), 90_000);
    assertEquals("""
        {__name__=headroom_phase_info, phase=p1, run=r1, testbed=tb} 1.0@80000 1.0@90000
        {__name__=headroom_bottleneck, class=disk, entity=d1, phase=p1, run=r1, testbed=tb} 1.0@70000 1.0@80000 1.0@90000
        {__name__=headroom_headroom_ratio, entity=d1, kind=disk, phase=p1, reading=util, run=r1, testbed=tb} 0.25@70000 0.25@80000 0.25@90000""",
        text(d.due(90_000)));
    d.verdict("tb", verdict(Bottleneck.NETWORK, "p/1", List.of()), 105_000);
    assertEquals("""
        {__name__=headroom_phase_info, phase=p1, run=r1, testbed=tb} 1.0@100000 1.0@110000
        {__name__=headroom_bottleneck, class=disk, entity=d1, phase=p1, run=r1, testbed=tb} 1.0@100000 1.0@105000 stale@105001
        {__name__=headroom_headroom_ratio, entity=d1, kind=disk, phase=p1, reading=util, run=r1, testbed=tb} 0.25@100000 0.25@105000 stale@105001
        {__name__=headroom_bottleneck, class=network, entity=p/1, phase=p1, run=r1, testbed=tb} 1.0@105000""",
        text(d.due(110_000)));
  }

  @Test
  void aVerdictOfAPhaseNeverSeenDrawsNothing() {
    DerivedSeries d = new DerivedSeries();
    d.verdict("tb", verdict(Bottleneck.DISK, "d1", List.of()), 90_000);
    assertEquals("", text(d.due(90_000)));
  }
}
