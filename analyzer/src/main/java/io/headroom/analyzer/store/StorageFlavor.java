package io.headroom.analyzer.store;

import java.util.List;

/**
 * Which shape the sample table takes: a TimescaleDB hypertable, or native partitions. Each flavor
 * is a list of migration steps; the first one marks a database as being of that flavor. A step is
 * never edited once released (databases that applied it would not see the change): a fix is a new
 * step at the end of the list.
 */
public enum StorageFlavor {
  TIMESCALE("V2__sample_timescale.sql", "V4__sample_1m_realtime_and_late_data.sql",
      "V12__sample_unique_series_timescale.sql"),
  PARTITIONED("V2__sample_partitioned.sql", "V8__sample_partitioned_ts_index.sql",
      "V12__sample_unique_series_partitioned.sql");

  final List<String> steps;

  StorageFlavor(String... steps) {
    this.steps = List.of(steps);
  }

  String firstStep() {
    return steps.get(0);
  }
}
