package io.headroom.app.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * lab/lab.sh's cgroup functions, sourced into bash with CG pointed at a directory tree made here:
 * which layout it picks (v1, v2, hybrid, neither) and what it writes on cgroup v2 (cpu.max,
 * io.max, the controllers enabled in its own subtree). Runs anywhere bash does, as any user: the
 * files are plain files, so the v2 path is tested on this v1 machine too.
 */
class LabCgroupsTest {
  @TempDir Path cg;

  record Out(int exit, String out, String err) {}

  /** Runs {@code script} after sourcing lab.sh with CG=the temporary tree. */
  private Out lab(String script) throws Exception {
    Process p = new ProcessBuilder("bash", "-c", "set -euo pipefail; source \"$1\"; CG=\"$2\"; " + script,
        "lab-cgroups-test", LabTestbed.SCRIPT.toString(), cg.toString()).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    return new Out(p.waitFor(), out, err);
  }

  @Test
  void cpuMaxIsTheQuotaOfTheSharePerPeriodAtLeastOneMillisecond() throws Exception {
    // 0.25 CPU x 100,000 us = 25,000 us per 100,000 us period
    assertEquals("25000 100000", lab("cpu_max_line 0.25").out());
    // 1.5 CPUs: 150,000 us per period (more than one CPU's worth)
    assertEquals("150000 100000", lab("cpu_max_line 1.5").out());
    // 0.005 CPU would be 500 us: raised to the 1,000 us minimum
    assertEquals("1000 100000", lab("cpu_max_line 0.005").out());
  }

  @Test
  void ioMaxHasTheDeviceAndOnlyTheLimitsSet() throws Exception {
    assertEquals("7:3 riops=300 wiops=200 rbps=1048576 wbps=2097152",
        lab("io_max_line 7:3 300 200 1048576 2097152").out());
    assertEquals("7:3 riops=300 wbps=2097152", lab("io_max_line 7:3 300 '' '' 2097152").out());
    assertEquals("", lab("io_max_line 7:3 '' '' '' ''").out());
  }

  @Test
  void v1WhereItsHierarchiesAreMountedHybridIncluded() throws Exception {
    for (String h : List.of("cpu", "cpuacct", "blkio", "unified")) {
      Files.createDirectories(cg.resolve(h));
    }
    assertEquals("v1", lab("cg_mode").out());
    assertEquals(cg + "/cpu/hrlab-x/array " + cg + "/cpuacct/hrlab-x/array " + cg + "/blkio/hrlab-x/array",
        lab("cg_dirs hrlab-x/array").out());
  }

  @Test
  void v2WhereTheUnifiedHierarchyOffersCpuAndIo() throws Exception {
    Files.writeString(cg.resolve("cgroup.controllers"), "cpuset cpu io memory hugetlb pids rdma misc\n");
    assertEquals("v2", lab("cg_mode").out());
    assertEquals(cg + "/hrlab-x/array", lab("cg_dirs hrlab-x/array").out());
  }

  @Test
  void neitherSaysWhy() throws Exception {
    Out none = lab("cg_mode");
    assertEquals(1, none.exit());
    assertEquals("no cgroup v1 cpu/cpuacct/blkio hierarchies and no cgroup v2 unified hierarchy at " + cg, none.err());
    Files.writeString(cg.resolve("cgroup.controllers"), "cpuset cpu memory pids\n");
    Out noIo = lab("cg_mode");
    assertEquals(1, noIo.exit());
    assertEquals("cgroup v2 at " + cg + " offers controllers [cpuset cpu memory pids], the lab needs cpu and io",
        noIo.err());
  }

  @Test
  void onV2TheLabEnablesCpuAndIoInItsSubtreeAndWritesCpuMaxAndIoMax() throws Exception {
    Files.writeString(cg.resolve("cgroup.controllers"), "cpuset cpu io memory pids\n");
    Files.writeString(cg.resolve("cgroup.subtree_control"), "memory pids\n"); // cpu and io not yet enabled
    Out made = lab("cg_make hrlab-x/array && cg_quota hrlab-x/array 0.25"
        + " && cg_io_limits hrlab-x/array 7:3 300 '' '' 2097152");
    assertEquals(0, made.exit(), made.err());
    // the root and the lab's parent enable cpu and io for their children (written as "+cpu +io";
    // the kernel then lists the enabled set, which a plain file here cannot show)
    assertEquals("+cpu +io\n", Files.readString(cg.resolve("cgroup.subtree_control")));
    assertEquals("+cpu +io\n", Files.readString(cg.resolve("hrlab-x/cgroup.subtree_control")));
    assertEquals("25000 100000\n", Files.readString(cg.resolve("hrlab-x/array/cpu.max")));
    // the top weight (cgroup-v2.rst: 1-10000) on the group and its parent, so contention never keeps it under its quota
    assertEquals("10000\n", Files.readString(cg.resolve("hrlab-x/array/cpu.weight")));
    assertEquals("10000\n", Files.readString(cg.resolve("hrlab-x/cpu.weight")));
    assertEquals("7:3 riops=300 wbps=2097152\n", Files.readString(cg.resolve("hrlab-x/array/io.max")));
  }

  @Test
  void onV2ARootThatAlreadyEnablesCpuAndIoIsLeftAlone() throws Exception {
    Files.writeString(cg.resolve("cgroup.controllers"), "cpuset cpu io memory pids\n");
    Files.writeString(cg.resolve("cgroup.subtree_control"), "cpuset cpu io memory pids\n");
    assertEquals(0, lab("cg_make hrlab-x/client").exit());
    assertEquals("cpuset cpu io memory pids\n", Files.readString(cg.resolve("cgroup.subtree_control")));
    // no io limit set: no io.max written
    assertEquals(0, lab("cg_io_limits hrlab-x/client 7:3 '' '' '' ''").exit());
    assertEquals(false, Files.exists(cg.resolve("hrlab-x/client/io.max")));
  }

  @Test
  void onV1TheQuotaAndThrottleGoToTheirHierarchies() throws Exception {
    for (String h : List.of("cpu", "cpuacct", "blkio")) {
      Files.createDirectories(cg.resolve(h));
    }
    Out made = lab("cg_make hrlab-x/array && cg_quota hrlab-x/array 0.25 && cg_io_limits hrlab-x/array 7:3 300 '' '' ''");
    assertEquals(0, made.exit(), made.err());
    assertEquals("100000\n", Files.readString(cg.resolve("cpu/hrlab-x/array/cpu.cfs_period_us")));
    assertEquals("25000\n", Files.readString(cg.resolve("cpu/hrlab-x/array/cpu.cfs_quota_us")));
    // the top v1 weight (sched-design-CFS: at most 262144, i.e. 256 x the default 1024) on the group and its parent
    assertEquals("262144\n", Files.readString(cg.resolve("cpu/hrlab-x/array/cpu.shares")));
    assertEquals("262144\n", Files.readString(cg.resolve("cpu/hrlab-x/cpu.shares")));
    assertEquals("7:3 300\n", Files.readString(cg.resolve("blkio/hrlab-x/array/blkio.throttle.read_iops_device")));
    assertEquals(false, Files.exists(cg.resolve("blkio/hrlab-x/array/blkio.throttle.write_iops_device")));
  }
}
