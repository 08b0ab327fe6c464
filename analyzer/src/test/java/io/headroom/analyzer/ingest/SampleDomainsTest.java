package io.headroom.analyzer.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.model.kafka.Point;
import io.headroom.model.kafka.SampleBatch;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Binary sample batches held to the recording reader's domains (model.recording.Domains). */
class SampleDomainsTest {
  private static final UUID ID = UUID.fromString("00000000-0000-0000-0000-00000000002a");

  @Test
  void pointsOutOfTheirDomainAreSetAsideAndTheRestKeptUnderTheSameBatchId() {
    SampleBatch batch = new SampleBatch(ID, "lab", "h1/disk/sda", List.of(
        new Point(1, "util", 0.5),
        new Point(1, "util", -0.5), // a share below 0
        new Point(1, "read_iops", Double.NaN), // NaN: only a binary batch can carry it
        new Point(1, "tx_bytes_per_s", 1e9),
        new Point(1, "rx_power_dbm", -3.0))); // a signed metric: in its domain
    SampleDomains.Split split = new SampleDomains().check(batch);
    assertFalse(split.clean());
    assertEquals(List.of(new Point(1, "util", 0.5), new Point(1, "tx_bytes_per_s", 1e9),
        new Point(1, "rx_power_dbm", -3.0)), split.kept().points());
    assertEquals(ID, split.kept().id(), "the batch id stays, so a redelivery is still stored once");
    assertEquals("2 of 5 samples of entity h1/disk/sda (testbed lab) out of their domain, set aside:"
        + " util of h1/disk/sda is -0.5: a share must lie in 0..2;"
        + " read_iops of h1/disk/sda is NaN: a reading must be a finite number", split.describe());
  }

  @Test
  void aCleanBatchPassesAsItIs() {
    // the domain's edges: a share of exactly 0 and 2, a rate of 0
    SampleBatch batch = new SampleBatch(ID, "lab", "h1/cpu", List.of(
        new Point(1, "util", 0.0), new Point(2, "util", 2.0), new Point(3, "procs_running", 0.0)));
    SampleDomains.Split split = new SampleDomains().check(batch);
    assertTrue(split.clean());
    assertSame(batch, split.kept());
  }

  @Test
  void exactlyFiveReasonsAreAllNamedWithNothingCounted() {
    List<Point> points = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      points.add(new Point(i, "util", -1.0 - i)); // -1.0 .. -5.0: MAX_REASONS of them
    }
    String described = new SampleDomains().check(new SampleBatch(ID, "lab", "h1/cpu", points)).describe();
    assertTrue(described.endsWith("util of h1/cpu is -5.0: a share must lie in 0..2"), described);
    assertFalse(described.contains("more"), "5 refused, 5 quoted: 5 - 5 = 0 left to count");
  }

  @Test
  void theMessageNamesFiveReasonsAndCountsTheRest() {
    List<Point> points = new ArrayList<>();
    for (int i = 0; i < 7; i++) {
      points.add(new Point(i, "util", -1.0 - i)); // -1.0, -2.0, ... -7.0: all below 0
    }
    SampleDomains.Split split = new SampleDomains().check(new SampleBatch(ID, "lab", "h1/cpu", points));
    assertTrue(split.kept().points().isEmpty());
    // 7 refused, MAX_REASONS = 5 quoted, 7 - 5 = 2 counted
    assertEquals("7 of 7 samples of entity h1/cpu (testbed lab) out of their domain, set aside:"
        + " util of h1/cpu is -1.0: a share must lie in 0..2; util of h1/cpu is -2.0: a share must lie in 0..2;"
        + " util of h1/cpu is -3.0: a share must lie in 0..2; util of h1/cpu is -4.0: a share must lie in 0..2;"
        + " util of h1/cpu is -5.0: a share must lie in 0..2; and 2 more", split.describe());
  }

  /**
   * The time rule at both ends. LAST_SECOND = Long.MAX_VALUE / 1,000,000 = 9,223,372,036,854 lies
   * in [2^43, 2^44), where doubles are 2^(43-52) = 2^-9 = 0.001953125 s apart: the first refused
   * time is 9,223,372,036,854.001953125. FIRST_SECOND = -210,866,803,200 (PostgreSQL's first
   * timestamptz, 4714-11-24 BC) lies in [2^37, 2^38) in magnitude, doubles 2^-15 =
   * 0.000030517578125 s apart: the first refused is -210,866,803,200.000030517578125.
   */
  @Test
  void timesAreKeptUpToTheLastSecondWhoseMicrosecondsFitALongAndFromPostgresqlsFirst() {
    double lastKept = 9_223_372_036_854.0;
    double firstRefusedAbove = 9_223_372_036_854.001953125;
    double firstKept = -210_866_803_200.0;
    double firstRefusedBelow = -210_866_803_200.000030517578125;
    assertEquals(lastKept, SampleDomains.LAST_SECOND);
    assertEquals(firstKept, SampleDomains.FIRST_SECOND);
    assertEquals(Math.nextUp(lastKept), firstRefusedAbove, "no double lies between the two");
    assertEquals(Math.nextDown(firstKept), firstRefusedBelow, "no double lies between the two");
    SampleBatch batch = new SampleBatch(ID, "lab", "h1/cpu", List.of(
        new Point(lastKept, "util", 0.5), new Point(firstRefusedAbove, "util", 0.5),
        new Point(firstKept, "util", 0.5), new Point(firstRefusedBelow, "util", 0.5),
        // far past both: Math.round(ts * 1e6) saturates, and below, Long.MIN_VALUE minus the 2000
        // epoch would wrap round to the year 294,247
        new Point(1e300, "util", 0.5), new Point(-1e300, "util", 0.5),
        new Point(Double.NaN, "util", 0.5), new Point(Double.POSITIVE_INFINITY, "util", 0.5)));
    SampleDomains.Split split = new SampleDomains().check(batch);
    assertEquals(List.of(new Point(lastKept, "util", 0.5), new Point(firstKept, "util", 0.5)),
        split.kept().points());
    String range = ": a time must lie in -210866803200..9223372036854 Unix seconds (4714-11-24 BC to"
        + " 294247-01-10), what PostgreSQL and the store's microseconds hold";
    assertEquals(List.of(
        "util of h1/cpu at ts 9.223372036854002E12" + range,
        "util of h1/cpu at ts -2.1086680320000003E11" + range,
        "util of h1/cpu at ts 1.0E300" + range, "util of h1/cpu at ts -1.0E300" + range,
        "util of h1/cpu at ts NaN" + range, "util of h1/cpu at ts Infinity" + range), split.refused());
  }

  @Test
  void aPointWithABadTimeAndABadValueIsRefusedOnceForItsTime() {
    SampleDomains.Split split = new SampleDomains().check(new SampleBatch(ID, "lab", "h1/cpu",
        List.of(new Point(Double.NaN, "util", -1.0))));
    assertEquals(1, split.refused().size());
    assertTrue(split.refused().get(0).startsWith("util of h1/cpu at ts NaN: a time must lie in"), split.refused().get(0));
  }
}
