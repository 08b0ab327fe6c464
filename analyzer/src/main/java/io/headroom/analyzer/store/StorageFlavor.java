package io.headroom.analyzer.store;

/** Which shape the sample table takes: a TimescaleDB hypertable, or native partitions. */
public enum StorageFlavor {
  TIMESCALE("V2__sample_timescale.sql"),
  PARTITIONED("V2__sample_partitioned.sql");

  final String sampleScript;

  StorageFlavor(String sampleScript) {
    this.sampleScript = sampleScript;
  }
}
