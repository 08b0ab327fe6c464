package io.headroom.model;

/** What limited a run or a phase (design.md, "Verdict"). */
public enum Bottleneck {
  ARRAY_CPU,
  HOST_CPU,
  PCIE,
  NUMA,
  NETWORK,
  DISK,
  /** Nothing near a ceiling: the workload's own concurrency set the pace. */
  NONE
}
