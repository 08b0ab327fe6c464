package io.headroom.collector.snmp;

import static io.headroom.collector.snmp.PortCounter.*;

import io.headroom.collector.source.Scrape;
import io.headroom.model.MetricDef;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * Turns port readings into rates (see {@link CounterStore} for wraps and resets). A port whose
 * ifCounterDiscontinuityTime changed gets no rates that scrape. A byte rate from a Counter32 above
 * {@link #SPIKE_SHARE} of the port's ceiling cannot be one wrap: the counter was reset (or wrapped
 * more than once), and the reading is dropped rather than reported as a spike.
 */
final class PortRates {
  /** Headroom over line rate allowed for the two clocks disagreeing by a few per cent. */
  static final double SPIKE_SHARE = 1.10;
  /**
   * Time at zero transmit credit is counted in ticks of 2.5 microseconds: Brocade Fabric OS's
   * tim_txcrd_z and Cisco MDS's TxWait alike.
   */
  static final double CREDIT_ZERO_TICK_S = 2.5e-6;

  private final CounterStore store = new CounterStore();
  private final Map<String, Long> discontinuities = new HashMap<>();

  void begin(boolean agentRestarted) {
    store.begin(agentRestarted);
  }

  void emit(Scrape scrape, PortReading port) {
    Long before = port.discontinuity() == null ? null : discontinuities.put(port.id(), port.discontinuity());
    boolean discontinuous = before != null && !Objects.equals(before, port.discontinuity());
    Map<PortCounter, Double> r = new EnumMap<>(PortCounter.class);
    port.counts().forEach((counter, count) -> {
      OptionalDouble rate = store.rate(port.id() + "/" + counter, count.nanos(), count, discontinuous);
      if (rate.isPresent()) {
        r.put(counter, rate.getAsDouble());
      }
    });
    dropSpikes(scrape, port, r);
    String id = port.id();
    sample(scrape, id, SnmpMetrics.RX, r, RX_BYTES);
    sample(scrape, id, SnmpMetrics.TX, r, TX_BYTES);
    sample(scrape, id, SnmpMetrics.RX_PACKETS, r, RX_UCAST, RX_MCAST, RX_BCAST);
    sample(scrape, id, SnmpMetrics.TX_PACKETS, r, TX_UCAST, TX_MCAST, TX_BCAST);
    sample(scrape, id, SnmpMetrics.ERRORS, r, RX_ERRORS, TX_ERRORS, CRC_ERRORS);
    sample(scrape, id, SnmpMetrics.DISCARDS, r, RX_DISCARDS, TX_DISCARDS, CLASS3_DISCARDS);
    sample(scrape, id, SnmpMetrics.PAUSE, r, RX_PAUSE, TX_PAUSE, PFC_REQUESTS, PFC_INDICATIONS, NO_TX_CREDITS);
    sample(scrape, id, SnmpMetrics.LINK_FAILURES, r, LINK_FAILURES);
    sample(scrape, id, SnmpMetrics.CREDIT_LOSS, r, CREDIT_LOSS);
    if (r.containsKey(CREDIT_ZERO_TICKS)) {
      scrape.sample(id, SnmpMetrics.CREDIT_ZERO, Math.min(1.0, r.get(CREDIT_ZERO_TICKS) * CREDIT_ZERO_TICK_S));
    }
  }

  private static void dropSpikes(Scrape scrape, PortReading port, Map<PortCounter, Double> rates) {
    double ceiling = port.ceiling();
    for (PortCounter c : new PortCounter[] {RX_BYTES, TX_BYTES}) {
      Count count = port.counts().get(c);
      Double rate = rates.get(c);
      if (rate != null && count.bits() == 32 && ceiling > 0 && rate > ceiling * SPIKE_SHARE) {
        rates.remove(c);
        scrape.problem(port.id(), c.name().toLowerCase() + " Counter32 rose by more than line rate allows"
            + " (reset, or several wraps in one interval): reading dropped");
      }
    }
  }

  /** The sum of the counters' rates that were read; nothing when none was. */
  private static void sample(Scrape scrape, String id, MetricDef metric, Map<PortCounter, Double> rates, PortCounter... parts) {
    double sum = 0;
    boolean any = false;
    for (PortCounter p : parts) {
      Double v = rates.get(p);
      if (v != null) {
        sum += v;
        any = true;
      }
    }
    if (any) {
      scrape.sample(id, metric, sum);
    }
  }
}
