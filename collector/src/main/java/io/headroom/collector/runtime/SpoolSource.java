package io.headroom.collector.runtime;

import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.Source;
import io.headroom.collector.spool.Spool;
import java.time.Duration;
import java.util.function.LongSupplier;

/**
 * The collector's own spool as a source: how much waits on disk for Kafka, how many records were
 * dropped because it was full and how many damaged frames were skipped, so an outage and its
 * cost show on the dashboards.
 */
public final class SpoolSource implements Source {
  private final String selfId;
  private final Spool spool;
  private final LongSupplier refusedByKafka;

  /**
   * Reports on the entity its scrape runner reports the scrapes on: HOST/collector/spool;
   * {@code refusedByKafka} counts the records the publisher dropped because Kafka refused them for good.
   */
  public SpoolSource(String host, Spool spool, LongSupplier refusedByKafka) {
    this.selfId = host + "/collector/spool";
    this.spool = spool;
    this.refusedByKafka = refusedByKafka;
  }

  @Override
  public String name() {
    return "spool";
  }

  @Override
  public Duration interval() {
    return Duration.ofSeconds(5);
  }

  @Override
  public void scrape(Scrape scrape) {
    scrape.sample(selfId, CollectorMetrics.SPOOL_BYTES, spool.bytesOnDisk());
    scrape.sample(selfId, CollectorMetrics.SPOOL_DROPPED, spool.dropped());
    scrape.sample(selfId, CollectorMetrics.SPOOL_CORRUPT_FRAMES, spool.corruptFrames());
    scrape.sample(selfId, CollectorMetrics.SPOOL_REFUSED_BY_KAFKA, refusedByKafka.getAsLong());
  }
}
