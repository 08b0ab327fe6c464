#!/usr/bin/env python3
"""Captures vm/ from the live machine (needs root): the real /proc and /sys files the host
source reads, twice, with known I/O pushed in between:

- a loop device over a 64 MiB file on tmpfs (so no block device sits below it), with a v1 cgroup
  "headroom-capture" (CPU quota 0.5 CPU, blkio write limit on the loop device);
- between the snapshots, inside that cgroup: 4 MiB written with O_DIRECT in 64 KiB blocks
  (64 writes) and 2 MiB read with O_DIRECT in 4 KiB blocks (512 reads);
- a veth pair hrv0/hrv1 (hrv1 in netns hr-capture, IPv6 off, static ARP) over which 100 UDP
  datagrams of 1000 payload bytes are sent: 100 frames of 14+20+8+1000 = 1042 bytes.

Symlinks are recreated as relative links inside the tree. Links that point back at a parent
(device links) are not: Maven's resource copy follows links and would loop forever.
Run from this directory: sudo python3 capture_vm.py
"""
import glob
import os
import shutil
import socket
import subprocess
import time

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "vm")
CG = "headroom-capture"
PCI_FILES = ["class", "vendor", "device", "subsystem_vendor", "subsystem_device", "numa_node", "irq",
             "current_link_speed", "current_link_width", "max_link_speed", "max_link_width",
             "aer_dev_correctable", "aer_dev_nonfatal", "aer_dev_fatal"]
BLOCK_FILES = ["size", "queue/rotational", "loop/backing_file", "md/level", "md/raid_disks", "dm/name",
               "dm/uuid", "nsid", "device/model"]
NET_FILES = ["type", "operstate", "address", "speed", "bonding/slaves", "bonding/mode"]


def sh(*cmd):
    return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout.strip()


def copy_file(src, dst_root):
    """Copies /proc or /sys file src to the same relative place under dst_root, if readable."""
    try:
        with open(src, "rb") as f:
            data = f.read()
    except OSError:
        return  # absent, or EINVAL (speed of a down link): absent in the fixture too
    dst = os.path.join(dst_root, src.lstrip("/"))
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    with open(dst, "wb") as f:
        f.write(data)


def relink(link, dst_root):
    """Recreates the symlink `link` (absolute path in /sys) as a relative link in the tree."""
    real = os.path.realpath(link)
    dst = os.path.join(dst_root, link.lstrip("/"))
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    if not os.path.lexists(dst):
        os.symlink(os.path.relpath(os.path.join(dst_root, real.lstrip("/")), os.path.dirname(dst)), dst)
    return real


def snapshot_static(root):
    for d in glob.glob("/sys/devices/system/node/node[0-9]*"):
        for f in ("cpulist", "distance"):
            copy_file(os.path.join(d, f), root)
    for f in glob.glob("/sys/devices/system/cpu/cpu[0-9]*/topology/physical_package_id"):
        copy_file(f, root)
    irqs = []
    for link in glob.glob("/sys/bus/pci/devices/*"):
        real = relink(link, root)
        for f in PCI_FILES:
            copy_file(os.path.join(real, f), root)
        drv = os.path.join(real, "driver")
        if os.path.islink(drv):
            name = os.path.basename(os.readlink(drv))
            os.makedirs(os.path.join(root, "sys/bus/pci/drivers", name), exist_ok=True)
            relink(drv, root)
        for irq in glob.glob(os.path.join(real, "msi_irqs/*")):
            copy_file(irq, root)
            irqs.append(os.path.basename(irq))
    for irq in irqs:
        for f in ("effective_affinity_list", "smp_affinity_list"):
            copy_file("/proc/irq/%s/%s" % (irq, f), root)
    for link in glob.glob("/sys/block/*"):
        real = relink(link, root)
        for f in BLOCK_FILES:
            copy_file(os.path.join(real, f), root)
        for s in glob.glob(os.path.join(real, "slaves/*")):
            relink(s, root)
    for link in glob.glob("/sys/class/net/*"):
        real = relink(link, root)
        for f in NET_FILES:
            copy_file(os.path.join(real, f), root)
    for h in ("cpu", "cpuacct", "blkio"):
        for f in glob.glob("/sys/fs/cgroup/%s/%s/*" % (h, CG)):
            if os.path.basename(f).startswith(("cpu.", "cpuacct.usage", "blkio.throttle")):
                copy_file(f, root)


def snapshot_counters(root):
    for f in ("/proc/stat", "/proc/diskstats", "/proc/net/dev", "/proc/interrupts",
              "/proc/pressure/cpu", "/proc/pressure/io"):
        copy_file(f, root)
    for f in glob.glob("/sys/devices/system/node/node[0-9]*/numastat"):
        copy_file(f, root)
    for f in ("cpu/%s/cpu.stat" % CG, "cpuacct/%s/cpuacct.usage" % CG,
              "blkio/%s/blkio.throttle.io_service_bytes" % CG, "blkio/%s/blkio.throttle.io_serviced" % CG):
        copy_file("/sys/fs/cgroup/" + f, root)


def in_cgroup(cmd):
    pre = "; ".join("echo $$ > /sys/fs/cgroup/%s/%s/cgroup.procs" % (h, CG) for h in ("cpu", "cpuacct", "blkio"))
    subprocess.run(["sh", "-c", pre + "; exec " + cmd], check=True, capture_output=True)


def main():
    if os.path.exists(OUT):
        shutil.rmtree(OUT)
    backing = "/dev/shm/headroom-capture.img"
    subprocess.run(["dd", "if=/dev/zero", "of=" + backing, "bs=1M", "count=64"], check=True, capture_output=True)
    loop = sh("losetup", "--find", "--show", backing)
    majmin = sh("cat", "/sys/block/%s/dev" % os.path.basename(loop))
    for h in ("cpu", "cpuacct", "blkio"):
        os.makedirs("/sys/fs/cgroup/%s/%s" % (h, CG), exist_ok=True)
    with open("/sys/fs/cgroup/cpu/%s/cpu.cfs_quota_us" % CG, "w") as f:
        f.write("50000")
    with open("/sys/fs/cgroup/blkio/%s/blkio.throttle.write_bps_device" % CG, "w") as f:
        f.write("%s %d" % (majmin, 100 * 2**20))
    subprocess.run("ip netns add hr-capture; ip link add hrv0 type veth peer name hrv1;"
                   "ip link set hrv1 netns hr-capture;"
                   "sysctl -qw net.ipv6.conf.hrv0.disable_ipv6=1;"
                   "ip netns exec hr-capture sysctl -qw net.ipv6.conf.hrv1.disable_ipv6=1;"
                   "ip addr add 10.199.0.1/30 dev hrv0; ip link set hrv0 up;"
                   "ip netns exec hr-capture ip addr add 10.199.0.2/30 dev hrv1;"
                   "ip netns exec hr-capture ip link set hrv1 up;"
                   "ip netns exec hr-capture ip link set lo up;"
                   "ip neigh replace 10.199.0.2 lladdr $(ip netns exec hr-capture cat /sys/class/net/hrv1/address) dev hrv0 nud permanent;"
                   "ip netns exec hr-capture ip neigh replace 10.199.0.1 lladdr $(cat /sys/class/net/hrv0/address) dev hrv1 nud permanent",
                   shell=True, check=True)
    # The receiver swallows the datagrams, so no ICMP "port unreachable" comes back.
    rx = subprocess.Popen(["ip", "netns", "exec", "hr-capture", "python3", "-c",
                           "import socket;s=socket.socket(socket.AF_INET,socket.SOCK_DGRAM);"
                           "s.bind(('10.199.0.2',9));[s.recv(2000) for _ in range(100)]"])
    try:
        time.sleep(1.5)  # let the attach-time probes of the new loop device finish
        s1 = os.path.join(OUT, "scrape1")
        snapshot_static(s1)
        snapshot_counters(s1)
        t0 = time.time()
        in_cgroup("dd if=/dev/zero of=%s bs=64k count=64 oflag=direct" % loop)
        in_cgroup("dd if=%s of=/dev/null bs=4k count=512 iflag=direct" % loop)
        out = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        for _ in range(100):
            out.sendto(b"x" * 1000, ("10.199.0.2", 9))
            time.sleep(0.001)
        rx.wait(timeout=10)
        time.sleep(max(0.0, 1.0 - (time.time() - t0)))
        snapshot_counters(os.path.join(OUT, "scrape2"))
        with open(os.path.join(OUT, "captured.txt"), "w") as f:
            f.write("loop=%s\nmajmin=%s\nkernel=%s\nseconds_between=%.3f\n"
                    % (os.path.basename(loop), majmin, os.uname().release, time.time() - t0))
    finally:
        rx.kill()
        subprocess.run("ip link del hrv0; ip netns del hr-capture", shell=True)
        subprocess.run(["losetup", "-d", loop])
        os.remove(backing)
        for h in ("cpu", "cpuacct", "blkio"):
            os.rmdir("/sys/fs/cgroup/%s/%s" % (h, CG))


if __name__ == "__main__":
    main()
