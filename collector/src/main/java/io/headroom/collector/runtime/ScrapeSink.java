package io.headroom.collector.runtime;

import io.headroom.collector.source.Scrape;

/** Where finished scrapes go: Kafka (through the spool), a recording file, or both. */
public interface ScrapeSink {
  void accept(String testbed, Scrape scrape);
}
