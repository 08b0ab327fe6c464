package io.headroom.analyzer.store;

import java.util.ArrayList;
import java.util.List;

/**
 * Storage settings.
 *
 * @param retentionDays samples older than this are dropped
 * @param partitionsAhead days of partitions kept created ahead of today (plain PostgreSQL)
 * @param preferTimescale use TimescaleDB when the server preloads the library; false forces the
 *     plain partitioned layout (to test it on a server that has the extension)
 */
public record StoreConfig(int retentionDays, int partitionsAhead, boolean preferTimescale) {
  public static final StoreConfig DEFAULTS = new StoreConfig(30, 7, true);

  public List<String> validate() {
    List<String> problems = new ArrayList<>();
    if (retentionDays < 1) {
      problems.add("retention_days: must be at least 1");
    }
    if (partitionsAhead < 1) {
      problems.add("partitions_ahead: must be at least 1");
    }
    return problems;
  }
}
