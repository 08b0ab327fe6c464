package io.headroom.collector.powerstore;

import com.fasterxml.jackson.databind.JsonNode;
import io.headroom.collector.source.Scrape;
import io.headroom.model.MetricDef;

/**
 * One metrics/generate row into readings, field names as in Dell's reference (and the SDKs'
 * types): the 20 s rows carry {@code read_iops}, longer intervals' roll-ups {@code avg_read_iops};
 * the first present is read. Absent fields give no reading, never a zero.
 */
final class RowReadings {
  private RowReadings() {}

  /** IOPS, bandwidth, latency (microseconds in, seconds out) and I/O size of a node, appliance or volume. */
  static void io(Scrape scrape, double ts, String entity, JsonNode row) {
    put(scrape, ts, entity, PowerStoreMetrics.READ_IOPS, field(row, "read_iops", "avg_read_iops"));
    put(scrape, ts, entity, PowerStoreMetrics.WRITE_IOPS, field(row, "write_iops", "avg_write_iops"));
    put(scrape, ts, entity, PowerStoreMetrics.READ_BYTES, field(row, "read_bandwidth", "avg_read_bandwidth"));
    put(scrape, ts, entity, PowerStoreMetrics.WRITE_BYTES, field(row, "write_bandwidth", "avg_write_bandwidth"));
    put(scrape, ts, entity, PowerStoreMetrics.READ_LATENCY, field(row, "avg_read_latency") / 1e6);
    put(scrape, ts, entity, PowerStoreMetrics.WRITE_LATENCY, field(row, "avg_write_latency") / 1e6);
    put(scrape, ts, entity, PowerStoreMetrics.IO_SIZE, field(row, "avg_io_size"));
  }

  /** The node's or appliance's CPU as a fraction; NaN when absent. */
  static double cpu(JsonNode row, PowerStoreSettings.CpuUnit unit) {
    return field(row, "io_workload_cpu_utilization", "avg_io_workload_cpu_utilization") / unit.full();
  }

  /** A front-end Ethernet port: bytes each way, errors, buffer drops. */
  static void ethPort(Scrape scrape, double ts, String entity, JsonNode row) {
    put(scrape, ts, entity, PowerStoreMetrics.RX, field(row, "bytes_rx_ps", "avg_bytes_rx_ps"));
    put(scrape, ts, entity, PowerStoreMetrics.TX, field(row, "bytes_tx_ps", "avg_bytes_tx_ps"));
    put(scrape, ts, entity, PowerStoreMetrics.ERRORS,
        field(row, "pkt_rx_crc_error_ps", "avg_pkt_rx_crc_error_ps") + field(row, "pkt_tx_error_ps", "avg_pkt_tx_error_ps"));
    put(scrape, ts, entity, PowerStoreMetrics.DISCARDS,
        field(row, "pkt_rx_no_buffer_error_ps", "avg_pkt_rx_no_buffer_error_ps"));
  }

  /**
   * A front-end FC port. The array counts SCSI reads and writes: a host's read leaves through the
   * port (tx), a write comes in (rx).
   */
  static void fcPort(Scrape scrape, double ts, String entity, JsonNode row) {
    put(scrape, ts, entity, PowerStoreMetrics.RX, field(row, "write_bandwidth", "avg_write_bandwidth"));
    put(scrape, ts, entity, PowerStoreMetrics.TX, field(row, "read_bandwidth", "avg_read_bandwidth"));
    put(scrape, ts, entity, PowerStoreMetrics.ERRORS, field(row, "invalid_crc_count_ps", "avg_invalid_crc_count_ps"));
    put(scrape, ts, entity, PowerStoreMetrics.DISCARDS, field(row, "dumped_frames_ps", "avg_dumped_frames_ps"));
  }

  /** The first of the fields present as a number, else NaN (which {@link Scrape#sample} drops). */
  static double field(JsonNode row, String... names) {
    for (String n : names) {
      JsonNode v = row.get(n);
      if (v != null && v.isNumber()) {
        return v.asDouble();
      }
    }
    return Double.NaN;
  }

  private static void put(Scrape scrape, double ts, String entity, MetricDef metric, double value) {
    scrape.sample(ts, entity, metric, value);
  }
}
