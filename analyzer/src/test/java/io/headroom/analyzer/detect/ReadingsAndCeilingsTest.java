package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What {@link Context} reads of an entity (capacity declared or derived from its attributes,
 * readings in the window) and the loads {@link Load} makes of entities the rules do not judge and
 * of fabric pushback; every expected figure from the inputs beside it. And {@link Fmt}'s unit
 * edges: 1 ms, 1e13 as a percentage.
 */
class ReadingsAndCeilingsTest {
  @Test
  void aDeclaredCapacityWinsAndZeroMeansNone() {
    Bed bed = new Bed()
        .entity("a", "pcie_link", Map.of("gen", 4, "width", 16), Map.of("bytes_per_s", 5e9))
        .entity("b", "pcie_link", Map.of("gen", 4, "width", 16), Map.of("bytes_per_s", 0.0))
        .entity("c", "disk", Map.of(), Map.of("iops", 1000.0));
    Context ctx = bed.ctx();
    assertEquals(5e9, ctx.capacity("a", "bytes_per_s"));
    assertTrue(Double.isNaN(ctx.capacity("b", "bytes_per_s")), "0 declared is no capacity");
    assertEquals(1000.0, ctx.capacity("c", "iops"));
    assertTrue(Double.isNaN(ctx.capacity("c", "bytes_per_s")), "a disk has no ceiling from attributes");
  }

  @Test
  void aLinkOrPortWithoutACapacityGetsTheOneItsAttributesGive() {
    Bed bed = new Bed()
        .entity("link", "pcie_link", Map.of("gen", 4, "width", "16"), Map.of()) // a width given as text
        .entity("odd", "pcie_link", Map.of("gen", 4, "width", "x16"), Map.of())
        .entity("port", "net_port", Map.of("fabric", "fc", "speed_bps", 32e9), Map.of())
        .entity("nvme", "pcie_link", Map.of("gen", 4, "width", 4), Map.of());
    Context ctx = bed.ctx();
    assertEquals(1969e6 * 16, ctx.capacity("link", "bytes_per_s"), 1e-3); // Gen4 1,969 MB/s per lane x 16
    assertTrue(Double.isNaN(ctx.capacity("odd", "bytes_per_s")), "\"x16\" is not a number");
    assertEquals(3.2e9, ctx.capacity("port", "bytes_per_s"), 1e-3);        // FC 32G: 32e9 / 10
    assertTrue(Double.isNaN(ctx.capacity("nvme", "iops")), "attributes give bytes/s only");
    assertEquals(16.0, ctx.attrNumber("link", "width"));
    assertEquals(4.0, ctx.attrNumber("link", "gen"));
    assertTrue(Double.isNaN(ctx.attrNumber("link", "lanes")));
    assertTrue(Double.isNaN(ctx.attrNumber("odd", "width")), "text that is no number");
  }

  @Test
  void readingsCountOnlyInsideTheWindow() {
    Bed bed = new Bed();
    bed.data.addSample(100, "late", "util", 0.5); // the window is [0, 60)
    bed.data.addSample(59, "in", "util", 0.5);
    Context ctx = bed.ctx();
    assertFalse(ctx.hasReadings("late"));
    assertFalse(ctx.has("late", "util"));
    assertTrue(ctx.hasReadings("in"));
    assertTrue(ctx.has("in", "util"));
    assertFalse(ctx.has("in", "rx_bytes_per_s"));
    assertFalse(ctx.hasReadings("nothing"));
  }

  @Test
  void anEntityOfAnotherKindIsLoadedByItsHeaviestReadingAgainstItsCapacity() {
    Bed bed = new Bed()
        .entity("gw", "gateway", Map.of(), Map.of("bytes_per_s", 1e9, "iops", 1000.0))
        .constant("gw", "util", 0.5)                 // 0.5 / 1.0
        .constant("gw", "rx_bytes_per_s", 8e8)       // 8e8 / 1e9 = 0.8: the heaviest
        .constant("gw", "read_iops", 300)            // 300 / 1,000 = 0.3
        .constant("gw", "temperature_c", 80)         // no ceiling
        .entity("fan", "fan")
        .constant("fan", "temperature_c", 40);
    Load gw = Load.of(bed.ctx(), "gw");
    assertEquals("rx_bytes_per_s", gw.what());
    assertEquals(0.8, gw.pressure(), 1e-12);
    assertNull(Load.of(bed.ctx(), "fan"), "nothing with a ceiling");
    Bed iops = new Bed()
        .entity("gw", "gateway", Map.of(), Map.of("bytes_per_s", 1e9, "iops", 1000.0))
        .constant("gw", "rx_bytes_per_s", 1e8)       // 0.1
        .constant("gw", "read_iops", 900);           // 900 / 1,000 = 0.9: the heaviest
    Load byIops = Load.of(iops.ctx(), "gw");
    assertEquals("read_iops", byIops.what());
    assertEquals(0.9, byIops.pressure(), 1e-12);
    assertNull(Load.of(bed.ctx(), "nobody"), "no readings");
  }

  @Test
  void pushbackLoadsReachAtCeilingAtTheirThresholds() {
    Bed bed = new Bed().entity("p", "net_port")
        .constant("p", "pause_per_s", 200)
        .constant("p", "tx_credit_zero_fraction", 0.2);
    // pause: 200 / (100 / 0.9) = 1.8; credit: 0.2 / (0.1 / 0.9) = 1.8
    assertEquals(1.8, Load.pause(bed.ctx(), "p").pressure(), 1e-12);
    assertEquals(1.8, Load.creditStarvation(bed.ctx(), "p").pressure(), 1e-12);
  }

  @Test
  void aReadingAtExactlyTheAtCeilingShareCountsAsAtTheCeiling() {
    Thresholds t = new Thresholds(0.87, 1.0, 0.98, 0.90, 0.95, 0.75, 0.90, 0.90, 2.0, 2.0, 100.0,
        0.30, 0.30, 0.80, 0.05, 0.05, 0.50, 0.10, 1.20, 1.05, 5);
    Bed bed = new Bed().entity("p", "net_port", Map.of("fabric", "ethernet"), Bed.bytes(1e9));
    for (int s = 0; s < 60; s++) {
      bed.data.addSample(s, "p", "tx_bytes_per_s", s < 30 ? 7.5e8 : 7.49e8); // full = 0.75 x 1e9 x 1.0
    }
    Context ctx = Context.of(bed.data, null, Bed.WINDOW, t);
    Load.Saturation sat = Load.of(ctx, "p").saturation(ctx);
    assertEquals(30, sat.atCeiling());
    assertEquals(60, sat.readings());
  }

  @Test
  void latencyTurnsToMicrosecondsBelowOneMillisecondAndHugePercentagesStayShort() {
    assertEquals("1 ms", Fmt.latency(1e-3));
    assertEquals("999 us", Fmt.latency(0.000999));
    assertEquals("150 us", Fmt.latency(0.00015));
    assertEquals("1.000e+15%", Fmt.pct(1e13));               // 1e13 x 100 = 1e15: the short form from there
    assertEquals("999000000000000%", Fmt.pct(9.99e12));     // 9.99e14: still written out
  }
}
