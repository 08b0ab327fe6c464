package io.headroom.analyzer.detect;

import io.headroom.model.Metrics;

/**
 * What a {@link Load} reads: a port's or link's direction, a CPU's utilisation, a disk's busy time
 * or its throughput against its spec, a fabric's pushback or losses. The word is what the headroom
 * table's {@code reading} field and the evidence print; the metric is the series it reads, null
 * where it sums two (reads plus writes, discards plus errors).
 */
enum Reading {
  TX("tx", Metrics.TX_BYTES_PER_S),
  RX("rx", Metrics.RX_BYTES_PER_S),
  DEVICE_TO_HOST("device-to-host", Metrics.READ_BYTES_PER_S),
  HOST_TO_DEVICE("host-to-device", Metrics.WRITE_BYTES_PER_S),
  UTIL(Metrics.UTIL, Metrics.UTIL),
  /** A disk's busy time: occupancy, not capacity (docs/detection.md, section 0). */
  BUSY("busy", Metrics.UTIL),
  /** Reads plus writes against a disk's IOPS spec. */
  IOPS("iops", null),
  /** Read plus written bytes against a disk's bytes/s spec. */
  BYTES("bytes", null),
  /** A disk's busy share at the phase's I/O size, from both its specs (SpecTime). */
  SPEC_TIME("spec_time", null),
  PAUSE("pause", Metrics.PAUSE_PER_S),
  CREDIT_ZERO("credit_zero", Metrics.TX_CREDIT_ZERO_FRACTION),
  /** Discards plus errors per second (Loss). */
  LOSS("loss", null),
  /** A host's TCP retransmitted segments per second, all its ports together (Loss). */
  RETRANSMITS("retransmits", Metrics.TCP_RETRANSMITS_PER_S),
  /** A metric of an entity of a kind the rules do not know, read under its own name. */
  DECLARED(null, null);

  final String word;
  final String metric;

  Reading(String word, String metric) {
    this.word = word;
    this.metric = metric;
  }

  /** A byte rate per direction against a line rate (ports and links). */
  boolean direction() {
    return this == TX || this == RX || this == DEVICE_TO_HOST || this == HOST_TO_DEVICE;
  }

  /** A fraction of time against 1.0. */
  boolean fraction() {
    return this == UTIL || this == BUSY;
  }

  /** Against a disk's spec. */
  boolean spec() {
    return this == IOPS || this == BYTES || this == SPEC_TIME;
  }

  /** A threshold standing for a ceiling, which no reading can be implausibly far beyond. */
  boolean pushback() {
    return this == PAUSE || this == CREDIT_ZERO || this == LOSS || this == RETRANSMITS;
  }
}
