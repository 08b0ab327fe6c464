package io.headroom.model;

import java.util.List;
import java.util.Map;

/**
 * The metric names Headroom's consumers read (the analyzer's detection rules and headroom table,
 * the Grafana dashboards), declared once. Sources declare what they emit ({@link MetricDef}), and
 * a declaration of one of these names takes it from here ({@code new MetricDef(Metrics.UTIL, ...)}),
 * so producer and consumer cannot spell it two ways; a test holds the two together: every name
 * here is emitted by some registered source, or is listed in {@link #PENDING} with the source type
 * that will emit it.
 */
public final class Metrics {
  // CPUs: host_cpu, cpu_socket, array_cpu (and disk util: busy time)
  public static final String UTIL = "util";
  public static final String REMOTE_ACCESS_RATIO = "remote_access_ratio";
  public static final String PSI_CPU_SOME = "psi_cpu_some";
  public static final String PROCS_RUNNING = "procs_running";
  // disks and workloads
  public static final String READ_IOPS = "read_iops";
  public static final String WRITE_IOPS = "write_iops";
  public static final String READ_BYTES_PER_S = "read_bytes_per_s";
  public static final String WRITE_BYTES_PER_S = "write_bytes_per_s";
  public static final String READ_LATENCY_S = "read_latency_s";
  public static final String WRITE_LATENCY_S = "write_latency_s";
  public static final String LATENCY_P99_S = "latency_p99_s";
  public static final String QUEUE_DEPTH = "queue_depth";
  // ports and links
  public static final String RX_BYTES_PER_S = "rx_bytes_per_s";
  public static final String TX_BYTES_PER_S = "tx_bytes_per_s";
  public static final String ERRORS_PER_S = "errors_per_s";
  public static final String DISCARDS_PER_S = "discards_per_s";
  public static final String PAUSE_PER_S = "pause_per_s";
  /** FC: share of time at zero transmit buffer-to-buffer credit (credit starvation). */
  public static final String TX_CREDIT_ZERO_FRACTION = "tx_credit_zero_fraction";

  /** ONTAP's headroom_cpu: the node's utilisation and the optimal point (array dashboard). */
  public static final String HEADROOM_UTIL = "headroom_util";
  public static final String OPTIMAL_UTIL = "optimal_util";
  // Headroom's own health (kind collector), read by the health dashboard
  public static final String SCRAPE_DURATION_S = "scrape_duration_s";
  public static final String SCRAPE_SUCCESS = "scrape_success";
  public static final String SCRAPE_MISSED_INTERVALS = "scrape_missed_intervals";
  public static final String SPOOL_BYTES = "spool_bytes";

  /** Capacity families ({@code Entity.capacity()} keys) the rules judge against. */
  public static final String CAPACITY_IOPS = "iops";
  public static final String CAPACITY_BYTES_PER_S = "bytes_per_s";

  /** Every metric name a consumer reads. */
  public static final List<String> CONSUMED = List.of(UTIL, REMOTE_ACCESS_RATIO, PSI_CPU_SOME, PROCS_RUNNING,
      READ_IOPS, WRITE_IOPS, READ_BYTES_PER_S, WRITE_BYTES_PER_S, READ_LATENCY_S, WRITE_LATENCY_S, LATENCY_P99_S,
      QUEUE_DEPTH, RX_BYTES_PER_S, TX_BYTES_PER_S, ERRORS_PER_S, DISCARDS_PER_S, PAUSE_PER_S,
      TX_CREDIT_ZERO_FRACTION, SCRAPE_DURATION_S, SCRAPE_SUCCESS, SCRAPE_MISSED_INTERVALS, SPOOL_BYTES,
      HEADROOM_UTIL, OPTIMAL_UTIL);

  /**
   * Consumed metrics no registered source emits yet, each with the source type that will. None at
   * the moment: pause_per_s comes from the Redfish source (Dell NIC pause frames) and from switch
   * ports over SNMP, with FC credit-zero events (the snmp source).
   */
  public static final Map<String, String> PENDING = Map.of();

  private Metrics() {}
}
