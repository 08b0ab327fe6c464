package io.headroom.collector.workload;

import java.util.List;
import java.util.Map;

/** What a fio job targets (disk entity ids) and where it runs (socket or host CPU entity ids). */
interface FioTopology {
  List<String> targets(Map<String, String> options);

  List<String> runsOn(Map<String, String> options);
}
