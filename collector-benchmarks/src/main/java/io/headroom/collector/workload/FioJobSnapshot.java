package io.headroom.collector.workload;

import java.util.Map;

/**
 * One entry of fio's "jobs" array at one status time: a job, or a whole group under
 * group_reporting.
 *
 * @param options the job's "job options" merged over the status object's "global options"
 * @param jobStartMs fio's "job_start" (Unix ms, printed by newer fio), or null
 */
record FioJobSnapshot(
    String jobname, int groupid, int error, Map<String, String> options,
    FioDirStats read, FioDirStats write, FioDirStats trim, Double jobStartMs) {

  /** The job's own clock: how long it has been doing I/O. fio counts it per direction. */
  long clockMs() {
    return Math.max(read.runtimeMs(), Math.max(write.runtimeMs(), trim.runtimeMs()));
  }

  long totalIos() {
    return read.totalIos() + write.totalIos() + trim.totalIos();
  }
}
