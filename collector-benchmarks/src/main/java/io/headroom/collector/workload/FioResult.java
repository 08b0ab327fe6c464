package io.headroom.collector.workload;

import java.util.List;
import java.util.Map;

/**
 * What a fio run produced, besides the records already sent to the sink.
 *
 * @param exitCode fio's exit status (-1 when it could not be started)
 * @param start when fio was launched (Unix seconds)
 * @param end fio's last report, or when it exited if it printed none
 * @param workload the run record's workload map
 * @param workloads the workload entity ids, one per job (or group under group_reporting)
 * @param reports how many JSON objects fio printed (interval reports plus the final one)
 * @param notes problems met on the way: text fio printed among its JSON, objects that could
 *     not be read
 * @param stderr what fio wrote to stderr, trimmed
 */
public record FioResult(
    int exitCode, double start, double end, Map<String, Object> workload, List<String> workloads,
    int reports, List<String> notes, String stderr) {
  public FioResult {
    workload = Map.copyOf(workload);
    workloads = List.copyOf(workloads);
    notes = List.copyOf(notes);
  }
}
