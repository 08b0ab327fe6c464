package io.headroom.collector.runtime;

import io.headroom.model.EntityKind;
import io.headroom.model.MetricDef;
import io.headroom.model.Metrics;
import java.util.List;
import java.util.Set;

/** What every source reports about its own scrapes (docs/metrics/collector.md). */
public final class CollectorMetrics {
  private static final Set<String> SELF = EntityKind.set(EntityKind.COLLECTOR);

  public static final MetricDef SCRAPE_DURATION = new MetricDef(
      Metrics.SCRAPE_DURATION_S, "s", "gauge", SELF, "Wall time the source's last scrape took.");
  public static final MetricDef SCRAPE_SUCCESS = new MetricDef(
      Metrics.SCRAPE_SUCCESS, "boolean", "gauge", SELF,
      "1 when the scrape returned a result, possibly partial (at least one request answered, problems counted in "
          + "scrape_problems); 0 when it failed: the source refused its credentials or held its login after a refusal, "
          + "no request was answered, or the source could not run.");
  public static final MetricDef SCRAPE_PROBLEMS = new MetricDef(
      "scrape_problems", "count", "gauge", SELF,
      "Sub-resources the scrape could not read (each is logged with its reason).");
  public static final MetricDef SCRAPE_SAMPLES = new MetricDef(
      "scrape_samples", "count", "gauge", SELF, "Samples the scrape produced.");
  public static final MetricDef SCRAPE_MISSED_INTERVALS = new MetricDef(
      Metrics.SCRAPE_MISSED_INTERVALS, "count", "gauge", SELF,
      "Scheduled scrapes of the source skipped since the collector started: its previous scrape was still running, "
          + "or no worker was free within the interval.");
  public static final MetricDef SCRAPE_LAG = new MetricDef(
      "scrape_lag_s", "s", "gauge", SELF,
      "How late the last scrape started after its scheduled time (waiting for a free worker); 0 for a scrape on demand.");
  public static final MetricDef SCRAPE_REFUSED_RECORDS = new MetricDef(
      "scrape_refused_records", "count", "gauge", SELF,
      "Entities, relations and readings of the scrape refused because the database could not store them (an id, "
          + "name or metric name with a NUL character or an unpaired surrogate, or over 512 bytes of UTF-8); "
          + "each is a problem of the scrape, logged once.");

  public static final MetricDef SPOOL_BYTES = new MetricDef(
      Metrics.SPOOL_BYTES, "bytes", "gauge", SELF,
      "Bytes in the collector's spool: records not yet acknowledged by Kafka (and finished segments not yet removed).");
  public static final MetricDef SPOOL_DROPPED = new MetricDef(
      "spool_dropped_records", "count", "gauge", SELF,
      "Records dropped unsent because the spool reached its bound: a running total kept in the spool, across restarts.");
  public static final MetricDef SPOOL_CORRUPT_FRAMES = new MetricDef(
      "spool_corrupt_frames", "count", "gauge", SELF,
      "Torn or corrupt frames the spool skipped (each logged with its segment file and offset; the records after it "
          + "are still sent): a running total kept in the spool, across restarts.");
  public static final MetricDef SPOOL_REFUSED_BY_KAFKA = new MetricDef(
      "spool_refused_by_kafka", "count", "gauge", SELF,
      "Spooled records Kafka refused for good (over its size limit) and the publisher dropped since the collector "
          + "started, each logged with its topic, key and size; sample batches are split below the limit, so this stays 0 "
          + "unless a topology, run or verdict record is that large.");

  public static final List<MetricDef> ALL = List.of(SCRAPE_DURATION, SCRAPE_SUCCESS, SCRAPE_PROBLEMS, SCRAPE_SAMPLES,
      SCRAPE_MISSED_INTERVALS, SCRAPE_LAG, SCRAPE_REFUSED_RECORDS,
      SPOOL_BYTES, SPOOL_DROPPED, SPOOL_CORRUPT_FRAMES, SPOOL_REFUSED_BY_KAFKA);

  private CollectorMetrics() {}
}
