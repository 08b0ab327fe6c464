package io.headroom.collector.snmp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.collector.source.Scrape;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.snmp4j.smi.OctetString;

/** The arithmetic behind the rates, on readings made up here with the times given: exact figures. */
class CounterArithmeticTest {
  private static final long S = 1_000_000_000L;

  @Test
  void counter32WrapsOnceCounter64DecreaseIsAReset() {
    CounterStore store = new CounterStore();
    store.begin(false);
    store.rate("a", 0, Count.c32(4_294_967_000L, 0), false);
    store.rate("b", 0, Count.c64(1_000_000L, 0), false);
    store.begin(false);
    // 4294967000 -> 704 over 2 s: 296 to reach 2^32, then 704: 1000 bytes, 500/s
    assertEquals(OptionalDouble.of(500), store.rate("a", 2 * S, Count.c32(704, 2 * S), false));
    // a Counter64 never wraps in practice: lower means reset, no rate
    assertEquals(OptionalDouble.empty(), store.rate("b", 2 * S, Count.c64(10, 2 * S), false));
    store.begin(false);
    // after the reset the next interval has its rate again: (1010 - 10) / 1 s
    assertEquals(OptionalDouble.of(1000), store.rate("b", 3 * S, Count.c64(1010, 3 * S), false));
  }

  @Test
  void counter64AboveTwoToThe63IsUnsigned() {
    CounterStore store = new CounterStore();
    store.begin(false);
    long high = 0x8000_0000_0000_0000L; // 2^63, negative as a Java long
    store.rate("x", 0, Count.c64(high, 0), false);
    store.begin(false);
    assertEquals(OptionalDouble.of(4096), store.rate("x", S, Count.c64(high + 4096, S), false));
  }

  @Test
  void scaleTurnsFcWordsIntoBytesAndForgettingDropsTheRate() {
    CounterStore store = new CounterStore();
    store.begin(false);
    store.rate("w", 0, Count.c32(100, 0).scaled(4), false);
    store.begin(true); // the agent restarted: nothing to compare with
    assertEquals(OptionalDouble.empty(), store.rate("w", S, Count.c32(300, S).scaled(4), false));
    store.begin(false);
    // (500 - 300) words x 4 bytes over 1 s
    assertEquals(OptionalDouble.of(800), store.rate("w", 2 * S, Count.c32(500, 2 * S).scaled(4), false));
  }

  @Test
  void sysUpTimeWrapIsToldFromARestartByTheTimeThatPassed() {
    long wrapMinus100 = 4_294_967_296L - 100; // 1 s before the wrap
    // 1 s later by the agent: 100 ticks to the wrap, then 0; 1 s by our clock: a wrap
    assertFalse(UptimeCheck.restartedBetween(wrapMinus100, 0, 0, S));
    // 5 s later by the agent (400 ticks after the wrap) but 1 s by ours: more than 2 s apart, a restart
    assertTrue(UptimeCheck.restartedBetween(wrapMinus100, 0, 400, S));
    // an ordinary restart: 10 days of uptime, then 3 s
    assertTrue(UptimeCheck.restartedBetween(86_400_000L, 0, 300, 5 * S));
    // going forward is never a restart
    assertFalse(UptimeCheck.restartedBetween(100, 0, 200, S));
    // tolerance at its boundary: wrapped difference 12 s, ours 10 s (2 s apart, the tolerance): not a restart
    assertFalse(UptimeCheck.restartedBetween(wrapMinus100, 0, 1100, 10 * S));
    assertTrue(UptimeCheck.restartedBetween(wrapMinus100, 0, 1101, 10 * S));
  }

  @Test
  void fcOctetStringCountersAndTheUnsupportedMark() {
    OctetString v = OctetString.fromHexString("00:00:00:01:00:00:00:05");
    assertEquals(OptionalLong.of(4_294_967_301L), FcCounter.decode(v)); // 2^32 + 5
    OctetString unsupported = OctetString.fromHexString("80:00:00:00:00:00:00:00");
    assertEquals(OptionalLong.empty(), FcCounter.decode(unsupported));
    assertTrue(FcCounter.isUnsupported(unsupported));
    // 0x80 with anything after it is a count (2^63 + 1), not the mark
    assertEquals(OptionalLong.of(0x8000_0000_0000_0001L), FcCounter.decode(OctetString.fromHexString("80:00:00:00:00:00:00:01")));
    assertEquals(OptionalLong.empty(), FcCounter.decode(OctetString.fromHexString("00:01"))); // not 8 bytes
  }

  private static PortReading port(long rxBytes, long nanos, Long discontinuity) {
    Entity e = new Entity("sw/port/1", EntityKind.NET_PORT, "1", Map.of(), Map.of("bytes_per_s", 1.25e8));
    return new PortReading(e, Map.of(PortCounter.RX_BYTES, Count.c32(rxBytes, nanos),
        PortCounter.RX_PAUSE, Count.c64(rxBytes / 1000, nanos)), discontinuity);
  }

  private static Scrape emit(PortRates rates, PortReading p) {
    Scrape s = new Scrape(0);
    rates.begin(false);
    rates.emit(s, p);
    return s;
  }

  @Test
  void aCounter32RiseBeyondLineRateIsDroppedNotReported() {
    PortRates rates = new PortRates();
    emit(rates, port(0, 0, null));
    // 1.25e8 bytes/s ceiling x 1.10 = 1.375e8: a rise of exactly that over 1 s is kept ...
    Scrape kept = emit(rates, port(137_500_000L, S, null));
    assertEquals(List.of(new Scrape.Reading(0, "rx_bytes_per_s", 1.375e8), new Scrape.Reading(0, "pause_per_s", 137_500)),
        kept.readings().get("sw/port/1"));
    // ... one byte more is not a single wrap of a port that fast: dropped, and said so
    Scrape dropped = emit(rates, port(137_500_000L + 137_500_001L, 2 * S, null));
    assertEquals(List.of(new Scrape.Reading(0, "pause_per_s", 137_500)), dropped.readings().get("sw/port/1"));
    assertEquals(List.of("sw/port/1: rx_bytes Counter32 rose by more than line rate allows (reset, or several wraps"
        + " in one interval): reading dropped"), dropped.problems());
  }

  @Test
  void aChangedDiscontinuityTimeDropsThePortsRatesOnce() {
    PortRates rates = new PortRates();
    emit(rates, port(0, 0, 100L));
    assertEquals(1000.0, emit(rates, port(1000, S, 100L)).readings().get("sw/port/1").get(0).value());
    assertEquals(null, emit(rates, port(5000, 2 * S, 700L)).readings().get("sw/port/1"));
    assertEquals(2000.0, emit(rates, port(7000, 3 * S, 700L)).readings().get("sw/port/1").get(0).value());
  }
}
