package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.headroom.model.Bottleneck;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The demo's shape as `headroom demo` measured it on a 2-CPU machine: fio 2 jobs x iodepth 1 on
 * one virtio disk without a spec, the host's CPUs full with the demo's own Kafka and PostgreSQL
 * beside it. Every evidence sentence is read: none may contradict the numbers beside it (the
 * issue saw "no device on the path has a known ceiling" above a disk row, the only socket called
 * off the data path, and "the wait is beyond the submitting host" under HOST_CPU).
 */
class DemoEvidenceTest {
  private static Bed demo() {
    return new Bed()
        // 14,577 IOPS x 131.7 us = 1.92 of 2 outstanding (96%)
        .workload("vm/fio/demo", 2, 1, 14_577, 0.0001317)
        .entity("vm/cpu", "host_cpu", Map.of("cpu_count", 2), Map.of("util", 1.0))
        .entity("vm/socket/0", "cpu_socket")
        .entity("vm/cpu/0", "cpu")
        .entity("vm/cpu/1", "cpu")
        .entity("vm/disk/vda", "disk")
        .rel("vm/socket/0", "on", "vm/cpu")
        .rel("vm/cpu/0", "on", "vm/socket/0")
        .rel("vm/cpu/1", "on", "vm/socket/0")
        .rel("vm/fio/demo", "runs_on", "vm/cpu")
        .rel("vm/fio/demo", "targets", "vm/disk/vda")
        .constant("vm/cpu", "util", 1.0)
        .constant("vm/socket/0", "util", 1.0)
        .constant("vm/cpu/0", "util", 1.0)
        .constant("vm/cpu/1", "util", 1.0)
        .constant("vm/cpu", "procs_running", 34)
        .constant("vm/disk/vda", "util", 0.42);
  }

  @Test
  void everySentenceOfTheDemoVerdictHoldsTogether() {
    PhaseDecision d = new Detector(Thresholds.defaults()).decide(demo().ctx());
    assertEquals(Bottleneck.HOST_CPU, d.bottleneck());
    assertEquals("vm/cpu", d.entity());
    assertEquals(List.of(
        // the whole host is named before its parts
        "vm/cpu util p95 1.00 (full from 0.90)",
        // the disk has no spec: its busy time is its load, 0.42 against diskBusy 0.90 scaled to
        // atCeiling 0.90 = 42% of practical, the disk row of the table
        "tightest device vm/disk/vda busy p95 0.42 of the time (42% of practical)",
        "vm/cpu run queue p95 34 on 2 CPUs",
        "sustained: vm/cpu util at its ceiling in 60 of 60 readings (100%); the workload shows it: throughput"
            + " flat (cv 0%), queues kept full (96% of the outstanding I/O in flight)",
        "workload 14,577 IOPS mean, flat (cv 0%)",
        "Little's law: IOPS x mean latency = 2 of 2 outstanding I/O (96%): queues kept full, so each I/O's time"
            + " went to serving it (the device, the path, or the CPU work of the I/O stack), not to waiting for"
            + " submission"), d.evidence());
    // the host's socket and CPUs are where fio ran: none is "off the data path"
    assertFalse(d.evidence().stream().anyMatch(l -> l.contains("off the data path")), d.evidence().toString());
  }
}
