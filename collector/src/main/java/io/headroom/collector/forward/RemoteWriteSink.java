package io.headroom.collector.forward;

import io.headroom.collector.runtime.SampleBatches;
import io.headroom.collector.runtime.ScrapeSink;
import io.headroom.collector.source.Scrape;
import io.headroom.collector.spool.Spool;
import io.headroom.collector.spool.SpoolRecord;
import io.headroom.config.RemoteWriteTarget;
import io.headroom.config.SpoolConfig;
import io.headroom.model.Entity;
import io.headroom.model.kafka.BatchIds;
import io.headroom.remotewrite.PromNames;
import io.headroom.remotewrite.RemoteWriteClient;
import io.headroom.remotewrite.RemoteWriteSender;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A collector's scrapes to the testbed's remote-write endpoints marked {@code from: collector},
 * where no analyzer forwards (docs/prometheus.md). Each endpoint has a spool of its own
 * ({@code SPOOL_DIR/remote-write-NAME}, bounded like the Kafka spool) and a {@link SpoolForwarder}
 * thread draining it, so one endpoint down holds back neither scraping, nor Kafka, nor another
 * endpoint. A spooled record is an entity's sample batch (the Kafka encoding) keyed by the
 * entity's kind, so readings spooled before a restart keep their {@code kind} label.
 */
public final class RemoteWriteSink implements ScrapeSink, AutoCloseable {
  static final String TOPIC = "remote_write";

  private record Endpoint(Spool spool, SpoolForwarder forwarder, Thread thread) {}

  private final List<Endpoint> endpoints = new ArrayList<>();
  private final BatchIds ids = new BatchIds();
  /** testbed|entity to kind, from the scrapes' entity lists (a scrape lists its entities every time). */
  private final Map<String, String> kinds = new ConcurrentHashMap<>();

  private RemoteWriteSink() {}

  /**
   * Opens a spool and starts a forwarder per endpoint of {@code targets} marked
   * {@code from: collector}; null when there is none.
   *
   * @param env where the endpoints' secrets are read
   */
  public static RemoteWriteSink start(List<RemoteWriteTarget> targets, SpoolConfig spool, PromNames names,
      Map<String, String> env) throws IOException {
    RemoteWriteSink sink = new RemoteWriteSink();
    for (RemoteWriteTarget t : targets) {
      if (!t.fromCollector()) {
        continue;
      }
      SpoolConfig own = new SpoolConfig(spool.dir().resolve("remote-write-" + t.name()), spool.maxBytes(),
          spool.segmentBytes());
      Spool s = new Spool(own);
      SpoolForwarder f = new SpoolForwarder(s, own.dir(), new RemoteWriteSender(new RemoteWriteClient(t, env)), names);
      Thread thread = new Thread(f, "headroom-remote-write-" + t.name());
      thread.setDaemon(true);
      sink.endpoints.add(new Endpoint(s, f, thread));
    }
    if (sink.endpoints.isEmpty()) {
      return null;
    }
    sink.endpoints.forEach(e -> e.thread().start());
    return sink;
  }

  @Override
  public void accept(String testbed, Scrape scrape) {
    for (Entity e : scrape.entities()) {
      if (!e.kind().equals("unknown")) {
        kinds.put(testbed + "|" + e.id(), e.kind());
      }
    }
    for (Map.Entry<String, List<Scrape.Reading>> e : scrape.readings().entrySet()) {
      String kind = kinds.get(testbed + "|" + e.getKey());
      byte[] key = kind == null ? null : kind.getBytes(StandardCharsets.UTF_8);
      // the Kafka sink's batches: an entity's readings, split where one record would be too large
      for (SampleBatches.Encoded b : SampleBatches.of(ids, testbed, e.getKey(), e.getValue())) {
        SpoolRecord record = new SpoolRecord(TOPIC, key, b.bytes());
        for (Endpoint ep : endpoints) {
          ep.spool().append(record);
        }
      }
    }
    endpoints.forEach(ep -> ep.forwarder().nudge());
  }

  /** Each endpoint's sender: its counters (sent, refused, retries). */
  public List<RemoteWriteSender> senders() {
    return endpoints.stream().map(e -> e.forwarder().sender()).toList();
  }

  /** Records an endpoint's spool dropped unsent for being full, by endpoint name. */
  public Map<String, Long> dropped() {
    Map<String, Long> out = new java.util.LinkedHashMap<>();
    endpoints.forEach(e -> out.put(e.forwarder().sender().name(), e.spool().dropped()));
    return out;
  }

  /** Waits until every endpoint's spool is empty (all written or refused); false on timeout. */
  public boolean awaitDrained(java.time.Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    for (Endpoint e : endpoints) {
      while (!e.spool().peek(1).isEmpty()) {
        if (System.nanoTime() > deadline) {
          return false;
        }
        Thread.sleep(20);
      }
    }
    return true;
  }

  /** Stops the forwarders after their request in flight; what is not sent stays in the spools for the next start. */
  @Override
  public void close() throws Exception {
    endpoints.forEach(e -> e.forwarder().close());
    for (Endpoint e : endpoints) {
      e.thread().join(10_000);
      e.spool().close();
    }
  }
}
