package io.headroom.collector.workload;

import java.util.List;

/**
 * One JSON object fio printed: an interval report (with --status-interval) or the final summary.
 *
 * @param ts when fio printed it (its "timestamp_ms"), Unix seconds
 */
record FioStatus(double ts, String fioVersion, List<FioJobSnapshot> jobs) {}
