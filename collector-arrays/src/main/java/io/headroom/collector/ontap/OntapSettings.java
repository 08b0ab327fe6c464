package io.headroom.collector.ontap;

import java.util.ArrayList;
import java.util.List;

/**
 * The ontap source's own keys (url, username, password_env, tls, ... are the shared
 * {@link io.headroom.collector.remote.RemoteEndpoint}'s).
 *
 * @param maxRecords rows per page of a counter table (ONTAP's max_records)
 * @param returnTimeout seconds ONTAP may spend on one page before answering with what it has and a
 *     next link (ONTAP's return_timeout, 1 to 120)
 * @param tables the counter tables to read; default all the source knows ({@link CounterTables})
 * @param volumeStatistics read volumes from /api/storage/volumes statistics ({@link VolumeStatistics},
 *     what Harvest's KeyPerf reads) instead of the counter table volume; default false
 */
public record OntapSettings(Integer maxRecords, Integer returnTimeout, List<String> tables, Boolean volumeStatistics) {
  public static final int DEFAULT_MAX_RECORDS = 1000;
  public static final int DEFAULT_RETURN_TIMEOUT = 15;

  public OntapSettings {
    maxRecords = maxRecords == null ? DEFAULT_MAX_RECORDS : maxRecords;
    returnTimeout = returnTimeout == null ? DEFAULT_RETURN_TIMEOUT : returnTimeout;
    tables = tables == null ? CounterTables.NAMES : List.copyOf(tables);
    volumeStatistics = volumeStatistics != null && volumeStatistics;
  }

  public List<String> validate() {
    List<String> problems = new ArrayList<>();
    if (maxRecords < 1) {
      problems.add("max_records: must be at least 1");
    }
    if (returnTimeout < 1 || returnTimeout > 120) {
      problems.add("return_timeout: must be 1 to 120 (seconds), as ONTAP accepts");
    }
    for (int i = 0; i < tables.size(); i++) {
      if (!CounterTables.NAMES.contains(tables.get(i))) {
        problems.add("tables[" + i + "]: \"" + tables.get(i) + "\" is not one of " + CounterTables.NAMES);
      }
    }
    return problems;
  }
}
