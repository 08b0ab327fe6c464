package io.headroom.collector.workload;

import io.headroom.standin.MachineTest;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.headroom.model.Relation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * targets and runs_on: a two-node sysfs tree made in a temp dir (this machine has one node), and
 * a real fio run resolved through it.
 */
class FioPlacementTest {
  @TempDir Path tmp;

  /** sys/devices/system/node/node0 (CPUs 0-1) and node1 (CPUs 2-3). */
  private Path twoNodes(String cpus0, String cpus1) throws IOException {
    Path sys = tmp.resolve("sys");
    for (String[] n : new String[][] {{"node0", cpus0}, {"node1", cpus1}}) {
      Path dir = Files.createDirectories(sys.resolve("devices/system/node").resolve(n[0]));
      Files.writeString(dir.resolve("cpulist"), n[1] + "\n");
    }
    return sys;
  }

  /** sys/dev/block/MAJ:MIN linked to a device directory, as the kernel does. */
  private static void blockDevice(Path sys, String majMin, String devicePath, boolean partition)
      throws IOException {
    Path dev = Files.createDirectories(sys.resolve("devices").resolve(devicePath));
    if (partition) {
      Files.writeString(dev.resolve("partition"), "1\n");
    }
    Path link = Files.createDirectories(sys.resolve("dev/block")).resolve(majMin);
    Files.createSymbolicLink(link, link.getParent().relativize(dev));
  }

  @Test
  void cpusMapToTheSocketsTheyBelongTo() throws IOException {
    CpuPlacement p = new CpuPlacement("h1", twoNodes("0-1", "2-3"), "0-3");
    assertEquals(List.of("h1/socket/1"), p.runsOn(Map.of("numa_cpu_nodes", "1")));
    assertEquals(List.of("h1/socket/1"), p.runsOn(Map.of("cpus_allowed", "2-3")));
    assertEquals(List.of("h1/socket/0"), p.runsOn(Map.of("cpus_allowed", "0,1")));
    // CPUs on both nodes, or no placement at all: the whole host
    assertEquals(List.of("h1/cpu"), p.runsOn(Map.of("cpus_allowed", "1-2")));
    assertEquals(List.of("h1/cpu"), p.runsOn(Map.of()));
    assertEquals(List.of("h1/cpu"), p.runsOn(Map.of("cpus_allowed", "not a list")));
    // numa_cpu_nodes wins over cpus_allowed, as in fio
    assertEquals(List.of("h1/socket/0"), p.runsOn(Map.of("numa_cpu_nodes", "0", "cpus_allowed", "2")));
  }

  @Test
  void inheritedAffinityPlacesJobsWithoutOptions() throws IOException {
    CpuPlacement pinned = new CpuPlacement("h1", twoNodes("0-1", "2-3"), "2");
    assertEquals(List.of("h1/socket/1"), pinned.runsOn(Map.of()));
    CpuPlacement noNodes = new CpuPlacement("h1", tmp.resolve("empty-sys"), "0");
    assertEquals(List.of("h1/cpu"), noNodes.runsOn(Map.of("numa_cpu_nodes", "0")));
  }

  @Test
  void partitionsMapToTheirWholeDisk() throws IOException {
    Path sys = tmp.resolve("sys");
    blockDevice(sys, "8:0", "pci0000:00/0000:00:17.0/ata1/host0/target0:0:0/0:0:0:0/block/sda", false);
    blockDevice(sys, "8:1", "pci0000:00/0000:00:17.0/ata1/host0/target0:0:0/0:0:0:0/block/sda/sda1", true);
    blockDevice(sys, "259:0", "pci0000:3a/0000:3a:00.0/0000:3b:00.0/nvme/nvme0/nvme0n1", false);
    DiskResolver d = new DiskResolver(sys, tmp.resolve("no-mountinfo"));
    assertEquals(Optional.of("sda"), d.byMajorMinor("8:0"));
    assertEquals(Optional.of("sda"), d.byMajorMinor("8:1"));
    assertEquals(Optional.of("nvme0n1"), d.byMajorMinor("259:0"));
    assertEquals(Optional.empty(), d.byMajorMinor("8:16"));
  }

  @Test
  void fileSystemWithoutOwnDeviceFallsBackToMountinfo() throws IOException {
    // /dev/shm is tmpfs (st_dev major 0); a mountinfo saying it is mounted from /dev/loop0
    // must lead to loop0 through the real /sys
    assumeTrue("0".equals(Shell.out("stat", "-c", "%Hd", "/dev/shm")),
        "skipped: /dev/shm has a device of its own here (not tmpfs), so the mountinfo fallback is not reached");
    assumeTrue(Files.exists(Path.of("/dev/loop0")), "skipped: no /dev/loop0 on this machine (loop driver not loaded)");
    Path mountinfo = tmp.resolve("mountinfo");
    Files.writeString(mountinfo, String.join("\n",
        "22 1 254:0 / / rw,relatime - ext4 /dev/vda rw",
        "31 22 0:27 / /dev/shm rw,nosuid,nodev - tmpfs /dev/loop0 rw",
        "32 22 0:28 / /mnt/with\\040space rw - tmpfs tmpfs rw", ""));
    DiskResolver d = new DiskResolver(Path.of("/sys"), mountinfo);
    assertEquals(Optional.of("loop0"), d.diskOf(Path.of("/dev/shm/headroom-not-created")));
    assertEquals(new DiskResolver.MountLine("/mnt/with space", "tmpfs"),
        DiskResolver.MountLine.parse("32 22 0:28 / /mnt/with\\040space rw - tmpfs tmpfs rw"));
  }

  @Test
  void laterMountOnTheSameMountPointHidesTheEarlier() throws IOException {
    // mounted twice on /dev/shm: mountinfo lists the mounts in order, the later one is seen
    assumeTrue("0".equals(Shell.out("stat", "-c", "%Hd", "/dev/shm")),
        "skipped: /dev/shm has a device of its own here (not tmpfs), so the mountinfo fallback is not reached");
    assumeTrue(Files.exists(Path.of("/dev/loop0")) && Files.exists(Path.of("/dev/loop1")),
        "skipped: no /dev/loop0 and /dev/loop1 on this machine (loop driver not loaded)");
    Path mountinfo = tmp.resolve("mountinfo");
    Files.writeString(mountinfo, String.join("\n",
        "22 1 254:0 / / rw,relatime - ext4 /dev/vda rw",
        "31 22 0:27 / /dev/shm rw,nosuid,nodev - tmpfs /dev/loop0 rw",
        "33 31 0:29 / /dev/shm rw,nosuid,nodev - tmpfs /dev/loop1 rw", ""));
    DiskResolver d = new DiskResolver(Path.of("/sys"), mountinfo);
    assertEquals(Optional.of("loop1"), d.diskOf(Path.of("/dev/shm/headroom-not-created")));
  }

  @Test
  void blockDeviceIsNamedByItsOwnNumbers() throws IOException {
    // a block device's st_rdev (here 7:1, a minor other than 0) names it, not the st_dev of /dev
    String loop1 = Shell.out("stat", "-c", "%F %Hr:%Lr", "/dev/loop1");
    assumeTrue("block special file 7:1".equals(loop1),
        "skipped: /dev/loop1 is not block device 7:1 here (" + loop1 + ")");
    Path sys = tmp.resolve("sys");
    blockDevice(sys, "7:1", "virtual/block/fakeloop", false);
    DiskResolver d = new DiskResolver(sys, tmp.resolve("no-mountinfo"));
    assertEquals(Optional.of("fakeloop"), d.diskOf(Path.of("/dev/loop1")));
  }

  @Test
  void mountinfoLinesNeedTheMountPointAndTheSource() {
    // the shortest line with both: five fields, the source two after the dash
    assertEquals(new DiskResolver.MountLine("/dev/vda", "/dev/vda"),
        DiskResolver.MountLine.parse("22 1 - ext4 /dev/vda"));
    assertEquals(new DiskResolver.MountLine("/mnt", "/dev/vda"),
        DiskResolver.MountLine.parse("- ext4 /dev/vda x /mnt"));
    assertEquals(new DiskResolver.MountLine("/mnt", "/dev/vdb1"),
        DiskResolver.MountLine.parse("36 22 254:17 / /mnt rw shared:1 - ext4 /dev/vdb1 rw"));
    // four fields; no dash; nothing after the file system type
    assertEquals(null, DiskResolver.MountLine.parse("22 1 - ext4"));
    assertEquals(null, DiskResolver.MountLine.parse("22 1 254:0 / / rw ext4 /dev/vda rw"));
    assertEquals(null, DiskResolver.MountLine.parse("22 1 254:0 / / rw - ext4"));
  }

  @Test
  void octalEscapesAreUndoneOnlyWhenWhole() {
    // \040 is a space; a backslash without three digits after it is kept as it is
    assertEquals(new DiskResolver.MountLine("/mnt/a b", "/dev/vda"),
        DiskResolver.MountLine.parse("32 22 0:28 / /mnt/a\\040b rw - ext4 /dev/vda rw"));
    assertEquals(new DiskResolver.MountLine("/mnt/a\\04", "/dev/vda"),
        DiskResolver.MountLine.parse("32 22 0:28 / /mnt/a\\04 rw - ext4 /dev/vda rw"));
  }

  @Test
  void filesOnOneDiskTargetItOnce() throws IOException {
    String majMin = Shell.out("stat", "-c", "%Hd:%Ld", tmp.toString());
    assumeTrue(majMin != null && !majMin.startsWith("0:"), "skipped: the temporary directory " + tmp
        + " is on no block device (" + majMin + ")");
    Path sys = twoNodes("0", "1");
    blockDevice(sys, majMin, "virtual/block/fakedisk", false);
    LiveFioTopology t = new LiveFioTopology("h1", tmp, new DiskResolver(sys, tmp.resolve("no-mountinfo")),
        new CpuPlacement("h1", sys, "0-1"));
    // two files in the same directory: one disk, one relation
    assertEquals(List.of("h1/disk/fakedisk"), t.targets(Map.of("filename", "a.dat:b.dat")));
    assertEquals(List.of("h1/socket/1"), t.runsOn(Map.of("numa_cpu_nodes", "1")));
  }

  @Test
  void fioInheritsTheAffinityInProcSelfStatus() throws Exception {
    // our status says CPU 1 only, on node1 of the given sysfs: a job without placement runs there
    Path sys = twoNodes("0", "1");
    Path self = Files.createDirectories(tmp.resolve("proc/self"));
    Files.writeString(self.resolve("status"), "Name:\tjava\nCpus_allowed:\t2\nCpus_allowed_list:\t1\n");
    Records r = new Records();
    new FioRunner("h1", "r1", "lab", sys, tmp.resolve("proc")).workDir(tmp).run(List.of("--name=p",
        "--filename=p.dat", "--size=64k", "--bs=4k", "--rw=write", "--ioengine=psync"), r::add);
    assertEquals(List.of(new Relation("h1/fio/r1/p", "runs_on", "h1/socket/1")),
        r.relations("h1/fio/r1/p").stream().filter(x -> x.rel().equals("runs_on")).toList());
  }

  @Test
  void liveRunIsPlacedThroughTheGivenSysfs() throws Exception {
    String majMin = Shell.out("stat", "-c", "%Hd:%Ld", tmp.toString());
    assumeTrue(majMin != null && !majMin.startsWith("0:"), "skipped: the temporary directory " + tmp
        + " is on no block device (" + majMin + ": overlay, tmpfs or another device-less file system), so fio's"
        + " file cannot be placed on a disk");
    Path sys = twoNodes("0", "1");
    blockDevice(sys, majMin, "virtual/block/fakedisk/fakedisk1", true);
    Records r = new Records();
    new FioRunner("h1", "r1", "lab", sys).workDir(tmp).run(List.of("--name=p", "--filename=p.dat",
        "--size=256k", "--bs=4k", "--rw=write", "--ioengine=psync", "--cpus_allowed=1"), r::add);
    assertEquals(List.of(new Relation("h1/fio/r1/p", "targets", "h1/disk/fakedisk"),
        new Relation("h1/fio/r1/p", "runs_on", "h1/socket/1")), r.relations("h1/fio/r1/p"));
    assertEquals("1", r.entity("h1/fio/r1/p").attrs().get("cpus_allowed"));
  }

  @Test
  @MachineTest("attaches a loop device")
  void blockDeviceTargetIsThatDevice() throws Exception {
    Path image = tmp.resolve("disk.img");
    Files.write(image, new byte[2 << 20]);
    String loop = Shell.out("losetup", "-f", "--show", image.toString());
    assumeTrue(loop != null && loop.startsWith("/dev/loop"),
        "skipped: losetup could not attach a loop device here (not root, or no loop driver): " + loop);
    try {
      Records r = new Records();
      new FioRunner("h1", "r1", "lab", Path.of("/sys")).workDir(tmp).run(List.of("--name=b",
          "--filename=" + loop, "--size=1m", "--bs=4k", "--rw=write", "--ioengine=psync"), r::add);
      String dev = Path.of(loop).getFileName().toString();
      assertEquals(new Relation("h1/fio/r1/b", "targets", "h1/disk/" + dev),
          r.relations("h1/fio/r1/b").get(0));
      Double start = r.phase("b").orElseThrow().start();
      assertEquals(256, r.integrate("h1/fio/r1/b", "write_iops", start), 1e-6);
    } finally {
      Shell.out("losetup", "-d", loop);
    }
  }
}
