package io.headroom.remotewrite;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.model.MetricDef;
import io.headroom.model.kafka.Point;
import io.headroom.model.kafka.SampleBatch;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ReadingsTest {
  private static final PromNames NAMES = new PromNames(List.of(
      new MetricDef("util", "fraction", "gauge", Set.of("host_cpu"), "busy share")));

  private static String text(List<TimeSeries> request) {
    List<String> out = new ArrayList<>();
    for (TimeSeries s : request) {
      StringBuilder b = new StringBuilder(s.labels().toString());
      for (int i = 0; i < s.size(); i++) {
        b.append(' ').append(s.value(i)).append('@').append(s.timestamp(i));
      }
      out.add(b.toString());
    }
    return String.join("\n", out);
  }

  @Test
  void aSeriesPerEntityAndMetricInTimeOrderWithItsKindAndNoRun() {
    Readings r = new Readings(NAMES, (tb, e) -> e.equals("h1/cpu0") ? "host_cpu" : null);
    // the later batch first: a series' samples go out in time order whatever order they came in
    r.add(new SampleBatch(UUID.randomUUID(), "tb", "h1/cpu0", List.of(new Point(2.0, "util", 0.2))));
    r.add(new SampleBatch(UUID.randomUUID(), "tb", "h1/cpu0", List.of(new Point(1.0, "util", 0.1),
        new Point(1.0, "read_iops", 7))));
    r.add(new SampleBatch(UUID.randomUUID(), "tb", "d", List.of(new Point(1.5, "read_iops", 9))));
    assertEquals(4, r.samples());
    List<List<TimeSeries>> requests = r.requests(100);
    assertEquals(1, requests.size());
    assertEquals("""
        {__name__=headroom_read_iops, entity=d, testbed=tb} 9.0@1500
        {__name__=headroom_read_iops, entity=h1/cpu0, kind=host_cpu, testbed=tb} 7.0@1000
        {__name__=headroom_util_ratio, entity=h1/cpu0, kind=host_cpu, testbed=tb} 0.1@1000 0.2@2000""",
        text(requests.get(0)));
  }

  @Test
  void requestsHoldAtMostMaxSamplesAndTwoReadingsInOneMillisecondAreOne() {
    Readings r = new Readings(NAMES, (tb, e) -> null);
    List<Point> points = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      points.add(new Point(10 + i, "util", i));
    }
    points.add(new Point(14.0004, "util", 99)); // 14000.4 ms: the millisecond of the reading at 14 s
    r.add(new SampleBatch(UUID.randomUUID(), "tb", "e", points));
    List<List<TimeSeries>> requests = r.requests(2);
    assertEquals(List.of(2, 2, 1), requests.stream().map(q -> q.stream().mapToInt(TimeSeries::size).sum()).toList());
    assertEquals(1, r.sameMillisecond());
    assertEquals(14000, requests.get(2).get(0).timestamp(0));
    assertEquals(4.0, requests.get(2).get(0).value(0));
  }

  @Test
  void millisecondsAreTheMicrosecondTimeTruncated() {
    assertEquals(12345, Readings.millis(12.345)); // 12.345 * 1000 is 12344.999... in binary
    assertEquals(1_796_654_896_703L, Readings.millis(1_796_654_896_703L / 1000.0));
    assertEquals(1999, Readings.millis(1.9999));
  }
}
