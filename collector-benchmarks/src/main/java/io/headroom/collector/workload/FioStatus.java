package io.headroom.collector.workload;

import java.util.List;

/**
 * One JSON object fio printed: an interval report (with --status-interval) or the final summary.
 *
 * @param ts when fio printed it (its "timestamp_ms"), Unix seconds
 * @param where where it was read, for errors ("out.json: object at line 1")
 */
record FioStatus(double ts, String fioVersion, List<FioJobSnapshot> jobs, String where) {}
