package io.headroom.collector.workload;

/** What the tracker remembers of one fio job (or group) between two status objects. */
final class FioJobState {
  final String entityId;
  final String section;
  final int groupid;
  boolean started;
  /** When the job began I/O, Unix seconds; meaningful once started. */
  double start;
  long clockMs;
  FioDirStats read = FioDirStats.ZERO;
  FioDirStats write = FioDirStats.ZERO;

  FioJobState(String entityId, String section, int groupid) {
    this.entityId = entityId;
    this.section = section;
    this.groupid = groupid;
  }

  /** The end of the job's I/O so far: its start plus its own clock. */
  double end() {
    return start + clockMs / 1000.0;
  }
}
