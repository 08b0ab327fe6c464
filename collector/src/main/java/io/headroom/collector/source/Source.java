package io.headroom.collector.source;

import java.time.Duration;

/**
 * One kind of thing Headroom scrapes (a Linux host, fio, an iDRAC, a switch). Implementations
 * live in their own package and register themselves once (see {@link SourceRegistry}).
 *
 * <p>A scrape reports what it saw through {@link Scrape}. A sub-resource that fails (a vanished
 * disk, an endpoint that timed out) is reported with {@link Scrape#problem} and the scrape goes on:
 * a partial result, never an aborted one. Throwing means nothing usable was read at all.
 */
public interface Source extends AutoCloseable {
  /** Short name, used in the collector's own entity ids and logs, e.g. "host". */
  String name();

  /** How often to scrape. */
  Duration interval();

  void scrape(Scrape scrape) throws Exception;

  /**
   * What {@code headroom discover} shows for this source: by default what one scrape sees
   * (entities, relations, degraded notes, problems). A source whose topology walk is separate
   * from its readings overrides it.
   */
  default Discovery discover() throws Exception {
    Scrape scrape = new Scrape(System.currentTimeMillis() / 1000.0);
    scrape(scrape);
    return new Discovery(scrape.entities(), scrape.relations(), scrape.degraded(), scrape.problems());
  }

  @Override
  default void close() throws Exception {}
}
