package io.headroom.collector.snmp;

import static io.headroom.collector.snmp.PortCounter.*;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.collector.source.Scrape;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every port counter into its metric, over two readings 2 s apart, each counter starting at 0:
 * a metric of several counters is the sum of their rates.
 */
class PortRatesTest {
  private static final long S = 1_000_000_000L;

  private static PortReading port(double ceiling, Map<PortCounter, Count> counts) {
    Map<String, Double> capacity = ceiling > 0 ? Map.of("bytes_per_s", ceiling) : Map.of();
    return new PortReading(new Entity("sw/port/1", EntityKind.NET_PORT, "1", Map.of(), capacity), counts, null);
  }

  /** Every counter at {@code value} read at {@code nanos}, 64-bit. */
  private static Map<PortCounter, Count> all(Map<PortCounter, Long> values, long nanos) {
    Map<PortCounter, Count> out = new EnumMap<>(PortCounter.class);
    for (PortCounter c : PortCounter.values()) {
      out.put(c, Count.c64(values.getOrDefault(c, 0L), nanos));
    }
    return out;
  }

  private static List<Scrape.Reading> twoReadings(double ceiling, Map<PortCounter, Count> first, Map<PortCounter, Count> second) {
    PortRates rates = new PortRates();
    rates.begin(false);
    rates.emit(new Scrape(0), port(ceiling, first));
    rates.begin(false);
    Scrape s = new Scrape(2);
    rates.emit(s, port(ceiling, second));
    return s.readings().get("sw/port/1");
  }

  @Test
  void eachMetricIsTheSumOfItsCountersRates() {
    Map<PortCounter, Long> up = new EnumMap<>(PortCounter.class);
    up.putAll(Map.of(RX_BYTES, 2000L, TX_BYTES, 4000L, RX_UCAST, 2L, RX_MCAST, 4L, RX_BCAST, 6L, TX_UCAST, 8L,
        TX_MCAST, 10L, TX_BCAST, 12L, RX_ERRORS, 14L, TX_ERRORS, 16L));
    up.putAll(Map.of(CRC_ERRORS, 18L, LINK_FAILURES, 20L, RX_DISCARDS, 22L, TX_DISCARDS, 24L, CLASS3_DISCARDS, 26L,
        RX_PAUSE, 28L, TX_PAUSE, 30L, NO_TX_CREDITS, 32L, PFC_REQUESTS, 34L, PFC_INDICATIONS, 36L));
    up.putAll(Map.of(CREDIT_ZERO_TICKS, 80_000L, CREDIT_LOSS, 2L));
    // each increase / 2 s
    assertEquals(List.of(
        new Scrape.Reading(2, "rx_bytes_per_s", 1000), // 2000 / 2
        new Scrape.Reading(2, "tx_bytes_per_s", 2000),
        new Scrape.Reading(2, "rx_packets_per_s", 6), // (2 + 4 + 6) / 2
        new Scrape.Reading(2, "tx_packets_per_s", 15), // (8 + 10 + 12) / 2
        new Scrape.Reading(2, "errors_per_s", 24), // (14 + 16 + 18) / 2
        new Scrape.Reading(2, "discards_per_s", 36), // (22 + 24 + 26) / 2
        new Scrape.Reading(2, "pause_per_s", 80), // (28 + 30 + 34 + 36 + 32) / 2
        new Scrape.Reading(2, "link_failures_per_s", 10), // 20 / 2
        new Scrape.Reading(2, "credit_loss_per_s", 1), // 2 / 2
        // 40,000 ticks/s x 2.5e-6 s per tick = 0.1 of the time at zero credit
        new Scrape.Reading(2, "tx_credit_zero_fraction", 0.1)),
        twoReadings(1.25e9, all(Map.of(), 0), all(up, 2 * S)));
  }

  @Test
  void creditZeroTimeIsAtMostAllOfTheTime() {
    // 800,000 ticks over 2 s = 400,000/s x 2.5e-6 = 1.0 exactly; 800,004 ticks: 1.000005, capped at 1
    assertEquals(List.of(new Scrape.Reading(2, "tx_credit_zero_fraction", 1.0)), twoReadings(0,
        Map.of(CREDIT_ZERO_TICKS, Count.c64(0, 0)), Map.of(CREDIT_ZERO_TICKS, Count.c64(800_004, 2 * S))));
    assertEquals(List.of(new Scrape.Reading(2, "tx_credit_zero_fraction", 0.5)), twoReadings(0,
        Map.of(CREDIT_ZERO_TICKS, Count.c64(0, 0)), Map.of(CREDIT_ZERO_TICKS, Count.c64(400_000, 2 * S))));
  }

  @Test
  void aTxCounter32SpikeIsDroppedTooButA64BitOneOrAnUnknownCeilingIsNot() {
    // ceiling 1000 bytes/s x 1.10 = 1100/s; over 2 s a rise above 2200 is more than line rate
    Map<PortCounter, Count> zero = Map.of(TX_BYTES, Count.c32(0, 0), RX_BYTES, Count.c64(0, 0));
    Map<PortCounter, Count> high = Map.of(TX_BYTES, Count.c32(2202, 2 * S), RX_BYTES, Count.c64(4000, 2 * S));
    PortRates rates = new PortRates();
    rates.begin(false);
    rates.emit(new Scrape(0), port(1000, zero));
    rates.begin(false);
    Scrape s = new Scrape(2);
    rates.emit(s, port(1000, high));
    // the 64-bit rx rise of 2000/s is kept: a Counter64 cannot have wrapped
    assertEquals(List.of(new Scrape.Reading(2, "rx_bytes_per_s", 2000)), s.readings().get("sw/port/1"));
    assertEquals(List.of("sw/port/1: tx_bytes Counter32 rose by more than line rate allows (reset, or several wraps"
        + " in one interval): reading dropped"), s.problems());
    // no ceiling known: nothing to compare with, 1101/s is kept
    assertEquals(List.of(new Scrape.Reading(2, "tx_bytes_per_s", 1101)),
        twoReadings(0, Map.of(TX_BYTES, Count.c32(0, 0)), Map.of(TX_BYTES, Count.c32(2202, 2 * S))));
  }

  @Test
  void aPortWithoutDiscontinuityTimeKeepsItsRatesAndAnAgentRestartDropsThemOnce() {
    PortRates rates = new PortRates();
    PortReading first = port(0, Map.of(RX_BYTES, Count.c64(0, 0)));
    rates.begin(false);
    rates.emit(new Scrape(0), first);
    rates.begin(true); // the agent restarted: no rate this scrape
    Scrape afterRestart = new Scrape(1);
    rates.emit(afterRestart, port(0, Map.of(RX_BYTES, Count.c64(100, S))));
    assertEquals(Map.of(), afterRestart.readings());
    rates.begin(false);
    Scrape next = new Scrape(2);
    rates.emit(next, port(0, Map.of(RX_BYTES, Count.c64(400, 2 * S))));
    assertEquals(List.of(new Scrape.Reading(2, "rx_bytes_per_s", 300)), next.readings().get("sw/port/1")); // (400 - 100) / 1 s
  }
}
