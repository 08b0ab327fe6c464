package io.headroom.model;

import java.util.Map;
import java.util.Objects;

/**
 * One benchmark execution. {@code end} is null while the run is still going.
 *
 * @param workload what the benchmark was asked to do (tool, rw, bs, iodepth, numjobs, ...), as given
 */
public record Run(String run, String testbed, double start, Double end, Map<String, Object> workload)
    implements RecordingRecord {
  public Run {
    Objects.requireNonNull(run, "run");
    testbed = testbed == null ? "" : testbed;
    workload = OrderedMaps.copy(workload);
  }

  @Override
  public String type() {
    return "run";
  }

  public Run withEnd(double newEnd) {
    return new Run(run, testbed, start, newEnd, workload);
  }
}
