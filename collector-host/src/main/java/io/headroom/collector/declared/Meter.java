package io.headroom.collector.declared;

import io.headroom.collector.source.Scrape;

/**
 * Reads the kernel object behind one declared entity (a cgroup, a network interface, a block
 * device) and turns its counters into samples of that entity. Keeps its previous reading, so
 * the first scrape gives no rates.
 */
interface Meter {
  /** Adds this scrape's samples for {@code entity}; a file that cannot be read is a problem, not a throw. */
  void read(Scrape scrape, String entity);
}
