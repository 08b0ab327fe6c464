package io.headroom.collector.host;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A disk's declared ceilings (sysfs does not know a drive's rated IOPS): {@code disks:} in the
 * host source's settings maps a disk name or glob to one of these.
 */
public record DiskSpec(Double iops, Double bytesPerS) {
  /** The ceilings as an entity's capacity map: only those given. */
  Map<String, Double> capacity() {
    Map<String, Double> out = new LinkedHashMap<>();
    if (iops != null) {
      out.put("iops", iops);
    }
    if (bytesPerS != null) {
      out.put("bytes_per_s", bytesPerS);
    }
    return out;
  }

  List<String> validate() {
    List<String> problems = new ArrayList<>();
    if (iops != null && !(iops > 0)) {
      problems.add("iops: must be a positive number");
    }
    if (bytesPerS != null && !(bytesPerS > 0)) {
      problems.add("bytes_per_s: must be a positive number");
    }
    return problems;
  }
}
