#!/usr/bin/env python3
"""Builds two-socket/: a hand-specified 2-socket, 8-CPU host with what the capture machine (a
1-socket VM) lacks. Every value below is chosen by hand so the tests can assert exact results;
the deltas between scrape1 and scrape2 are over 2 seconds (the tests scrape at ts 1000 and 1002).

Run from this directory: python3 gen_two_socket.py
"""
import os
from fixturelib import Tree, Host, proc_stat, diskstats_line, net_dev, interrupts, psi

HERE = os.path.dirname(os.path.abspath(__file__))
t = Tree(os.path.join(HERE, "two-socket"))
h = Host(t)
S2 = "scrape2/"

# --- NUMA: node 0 = CPUs 0-3, node 1 = CPUs 4-7 ---
h.nodes([[0, 1, 2, 3], [4, 5, 6, 7]], [[10, 21], [21, 10]])
# numastat before -> after: node0 local +9000 other +1000 (ratio 0.1); node1 local +3000 other +1000 (0.25)
h.numastat(0, (100000, 0, 0, 10, 100000, 5000))
h.numastat(1, (50000, 0, 0, 10, 50000, 2000))
t.write(S2 + "sys/devices/system/node/node0/numastat",
        "numa_hit 110000\nnuma_miss 0\nnuma_foreign 0\ninterleave_hit 10\nlocal_node 109000\nother_node 6000")
t.write(S2 + "sys/devices/system/node/node1/numastat",
        "numa_hit 54000\nnuma_miss 0\nnuma_foreign 0\ninterleave_hit 10\nlocal_node 53000\nother_node 3000")

# --- PCI, socket 0 ---
h.pci(["0000:00:00.0"], "0x060000", numa=0)
h.pci(["0000:00:01.0"], "0x060400", driver="pcieport", numa=0, cur=(4, 4), maxl=(4, 16))
h.pci(["0000:00:01.0", "0000:01:00.0"], "0x010802", "0x144d", "0xa824", "nvme", 0, (4, 4), (4, 4), msi=[40, 41])
# A 100 GbE card trained x8 in an x16 slot: the brief's "card trained x8 of x16".
h.pci(["0000:3a:00.0"], "0x060400", driver="pcieport", numa=0, cur=(4, 8), maxl=(4, 16))
h.pci(["0000:3a:00.0", "0000:3b:00.0"], "0x020000", "0x15b3", "0x101b", "mlx5_core", 0, (4, 8), (4, 16), aer=5)
# An FC HBA the firmware reports no NUMA node for.
h.pci(["0000:5d:00.0"], "0x060400", driver="pcieport", numa=0, cur=(3, 8), maxl=(3, 8))
h.pci(["0000:5d:00.0", "0000:5e:00.0"], "0x0c0400", "0x10df", "0xf400", "lpfc", -1, (3, 8), (3, 8))

# --- PCI, socket 1 ---
h.pci(["0000:80:00.0"], "0x060000", numa=1)
# A Gen4 NVMe in a Gen3 slot.
h.pci(["0000:80:01.0"], "0x060400", driver="pcieport", numa=1, cur=(3, 4), maxl=(3, 16))
h.pci(["0000:80:01.0", "0000:81:00.0"], "0x010802", "0x144d", "0xa824", "nvme", 1, (3, 4), (4, 4), msi=[50, 51])
# A PCIe switch whose uplink trained Gen3 x16 of Gen4 x16, two healthy NVMe below it.
h.pci(["0000:d7:00.0"], "0x060400", driver="pcieport", numa=1, cur=(3, 16), maxl=(4, 16))
h.pci(["0000:d7:00.0", "0000:d8:00.0"], "0x060400", "0x1000", "0xc010", "pcieport", 1, (3, 16), (4, 16))
for dn, ep in (("0000:d9:00.0", "0000:da:00.0"), ("0000:d9:01.0", "0000:db:00.0")):
    h.pci(["0000:d7:00.0", "0000:d8:00.0", dn], "0x060400", "0x1000", "0xc010", "pcieport", 1, (4, 4), (4, 4))
    h.pci(["0000:d7:00.0", "0000:d8:00.0", dn, ep], "0x010802", "0x8086", "0x0b60", "nvme", 1, (4, 4), (4, 4))
# An InfiniBand HCA.
h.pci(["0000:ae:00.0"], "0x060400", driver="pcieport", numa=1, cur=(3, 16), maxl=(3, 16))
h.pci(["0000:ae:00.0", "0000:af:00.0"], "0x020700", "0x15b3", "0x1017", "mlx5_core", 1, (3, 16), (3, 16))

# --- block: 4 NVMe namespaces, md0 = RAID1 of nvme2n1+nvme3n1, dm-0 = LVM volume on md0 ---
GB = 2 * 1024 * 1024  # sectors per GiB
h.nvme("0000:01:00.0", "nvme0", "nvme0n1", 3576 * GB)
h.nvme("0000:81:00.0", "nvme1", "nvme1n1", 3576 * GB)
h.nvme("0000:da:00.0", "nvme2", "nvme2n1", 1788 * GB)
h.nvme("0000:db:00.0", "nvme3", "nvme3n1", 1788 * GB)
h.virtual_block("md0", 1780 * GB, ["nvme2n1", "nvme3n1"], {"md/level": "raid1", "md/raid_disks": "2"})
h.virtual_block("dm-0", 1000 * GB, ["md0"], {"dm/name": "vg0-data", "dm/uuid": "LVM-abc"})
h.virtual_block("loop0", 0)
# A remote NVMe/TCP namespace (an array volume), multipath head with one path: no PCIe link.
h.nvme_fabric("nvme4", "nvme4n1", 1024 * GB, "tcp", "traddr=10.0.0.5,trsvcid=4420,src_addr=10.0.0.1", "nvme-subsys4")  # unbound loop device: size 0, must be skipped

# diskstats fields: reads merged sectors ms writes merged sectors ms inflight io_ms weighted_ms
D1 = {
    "nvme0n1": (1000, 0, 8000, 100, 500, 0, 128000, 250, 0, 300, 350),
    "nvme1n1": (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
    "nvme2n1": (10, 0, 80, 1, 10, 0, 80, 1, 0, 2, 2),
    "nvme3n1": (10, 0, 80, 1, 10, 0, 80, 1, 0, 2, 2),
    "md0": (20, 0, 160, 0, 10, 0, 80, 0, 0, 0, 0),
    "dm-0": (20, 0, 160, 2, 10, 0, 80, 2, 0, 4, 4),
    "nvme4n1": (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
}
# nvme0n1 over 2 s: +20000 reads of 4 KiB in 2000 ms (0.1 ms each), +10000 writes of 128 KiB in
# 5000 ms (0.5 ms each), busy 1900 ms, weighted 14000 ms (queue depth 7.0).
D2 = dict(D1)
D2["nvme0n1"] = (21000, 0, 8000 + 20000 * 8, 2100, 10500, 0, 128000 + 10000 * 256, 5250, 3, 2200, 14350)
D2["nvme2n1"] = (1010, 0, 8080, 201, 10, 0, 80, 1, 0, 402, 402)  # +1000 reads of 4 KiB
D2["nvme3n1"] = (1010, 0, 8080, 201, 10, 0, 80, 1, 0, 402, 402)
D2["md0"] = (2020, 0, 16160, 0, 10, 0, 80, 0, 0, 0, 0)
D2["dm-0"] = (2020, 0, 16160, 402, 10, 0, 80, 2, 0, 404, 404)
# nvme4n1 over 2 s: 4000 writes of 8 KiB (over the network) in 4000 ms: 1 ms each.
D2["nvme4n1"] = (0, 0, 0, 0, 4000, 0, 4000 * 16, 4000, 0, 1500, 4000)
MINOR = {"nvme4n1": (259, 4), "nvme0n1": (259, 0), "nvme1n1": (259, 1), "nvme2n1": (259, 2), "nvme3n1": (259, 3), "md0": (9, 0), "dm-0": (253, 0)}


def diskstats(d):
    return "\n".join(diskstats_line(*MINOR[n], n, d[n]) for n in d)


h.proc("diskstats", diskstats(D1))
t.write(S2 + "proc/diskstats", diskstats(D2))

# --- network: two 100 GbE ports of the x8 card, bonded; a virtual bridge; lo ---
h.netdev("0000:3b:00.0", "ens1f0", 100000, mac="b8:ce:f6:00:00:01")
h.netdev("0000:3b:00.0", "ens1f1", 100000, mac="b8:ce:f6:00:00:02")
h.netdev(None, "bond0", 200000, bond=("802.3ad 4", ["ens1f0", "ens1f1"]))
h.netdev(None, "br0", -1, operstate="unknown")
h.netdev(None, "lo", 0, numa_type=772, operstate="unknown")
N1 = {"lo": (0,) * 8, "ens1f0": (1000, 10, 0, 0, 2000, 20, 0, 0), "ens1f1": (0,) * 8,
      "bond0": (1000, 10, 0, 0, 2000, 20, 0, 0), "br0": (0,) * 8}
# ens1f0 over 2 s: rx +2.5e9 bytes / 1e6 packets, tx +1.25e9 / 5e5, 4 rx errors, 6 tx drops.
N2 = dict(N1)
N2["ens1f0"] = (1000 + 2500000000, 10 + 1000000, 4, 0, 2000 + 1250000000, 20 + 500000, 0, 6)
N2["bond0"] = N2["ens1f0"]
h.proc("net/dev", net_dev(N1))
t.write(S2 + "proc/net/dev", net_dev(N2))

# --- FC: host3 at 32 Gbit, host4 down ("Unknown" speed) ---
FC1 = {"tx_words": 1000, "rx_words": 2000, "tx_frames": 10, "rx_frames": 20, "error_frames": 0,
       "invalid_crc_count": 0, "dumped_frames": -1, "link_failure_count": 1, "loss_of_sync_count": 2,
       "loss_of_signal_count": 0}
h.fc_host("0000:5e:00.0", "host3", "32 Gbit", FC1)
h.fc_host("0000:5e:00.0", "host4", "Unknown", FC1)
# host3 over 2 s: +200,000,000 tx words (8e8 bytes), +400,000,000 rx words (1.6e9 bytes),
# 3 error frames + 1 bad CRC, one link failure. dumped_frames is unsupported (all ones).
FC2 = dict(FC1, tx_words=1000 + 200000000, rx_words=2000 + 400000000, tx_frames=10 + 400000,
           rx_frames=20 + 800000, error_frames=3, invalid_crc_count=1, link_failure_count=2)
h.fc_host("0000:5e:00.0", "host3", "32 Gbit", FC2, prefix=S2)

# --- IB: mlx5_0 port 1 at EDR ---
IB1 = {"port_xmit_data": 100, "port_rcv_data": 200, "port_xmit_packets": 1, "port_rcv_packets": 2,
       "port_rcv_errors": 0, "symbol_error": 0, "port_rcv_remote_physical_errors": 0,
       "port_xmit_discards": 0, "link_downed": 0, "port_xmit_wait": 1000}
h.ib_port("0000:af:00.0", "mlx5_0", 1, "100 Gb/sec (4X EDR)", IB1)
# over 2 s: +500,000,000 units sent (2e9 bytes), +1,000,000,000 received (4e9 bytes), +5000 wait ticks.
IB2 = dict(IB1, port_xmit_data=100 + 500000000, port_rcv_data=200 + 1000000000, port_xmit_packets=1 + 1000,
           port_rcv_packets=2 + 2000, port_xmit_wait=6000)
h.ib_port("0000:af:00.0", "mlx5_0", 1, "100 Gb/sec (4X EDR)", IB2, prefix=S2)

# AER: 0000:3b:00.0 correctable errors 5 -> 9 (2 per second)
h.aer("0000:3b:00.0", 9, prefix=S2)

# --- CPU ticks (USER_HZ 100: 2 s is 200 ticks per CPU) ---
# user nice system idle iowait irq softirq steal
base = [1000, 0, 500, 8000, 100, 10, 20, 0]
T1 = {c: list(base) for c in range(8)}
T2 = {}
for c in range(8):
    if c < 4:  # node 0 busy: util (200-40-10)/200 = 0.75
        d = [100, 10, 20, 40, 10, 5, 15, 0]
    else:      # node 1 mostly idle: util (200-180)/200 = 0.10
        d = [10, 0, 5, 180, 0, 0, 5, 0]
    T2[c] = [a + b for a, b in zip(base, d)]
h.proc("stat", proc_stat(T1, running=5, blocked=1))
t.write(S2 + "proc/stat", proc_stat(T2, running=9, blocked=2))

# --- PSI: cpu some +300,000 us in 2 s (0.15); io some +100,000 (0.05), io full +40,000 (0.02) ---
h.proc("pressure/cpu", psi(1000000, 0))
h.proc("pressure/io", psi(500000, 200000))
t.write(S2 + "proc/pressure/cpu", psi(1300000, 0))
t.write(S2 + "proc/pressure/io", psi(600000, 240000))

# --- IRQs: nvme0 (node 0) served on CPUs 0-1; nvme1 (node 1) served on CPUs 0-1 too: remote ---
for irq in (40, 41, 50, 51):
    h.proc("irq/%d/effective_affinity_list" % irq, "0" if irq % 2 == 0 else "1")
    h.proc("irq/%d/smp_affinity_list" % irq, "0-3")


def irq_rows(k):
    return [(40, [100 * k, 0, 0, 0, 0, 0, 0, 0], "PCI-MSIX-0000:01:00.0", "0-edge nvme0q0"),
            (41, [0, 100 * k, 0, 0, 0, 0, 0, 0], "PCI-MSIX-0000:01:00.0", "1-edge nvme0q1"),
            (50, [500 * k, 0, 0, 0, 0, 0, 0, 0], "PCI-MSIX-0000:81:00.0", "0-edge nvme1q0"),
            (51, [0, 500 * k, 0, 0, 0, 0, 0, 0], "PCI-MSIX-0000:81:00.0", "1-edge nvme1q1")]


h.proc("interrupts", interrupts(8, irq_rows(1)))
t.write(S2 + "proc/interrupts", interrupts(8, irq_rows(3)))  # nvme0 +400, nvme1 +2000 in 2 s

# --- cgroup v2: a storage service limited to 2 CPUs, declared as array_cpu; a pinned benchmark ---
cg = "scrape1/sys/fs/cgroup/"
t.write(cg + "cgroup.controllers", "cpuset cpu io memory pids")
svc = cg + "system.slice/storage.service/"
t.write(svc + "cpu.max", "200000 100000")
t.write(svc + "cpuset.cpus.effective", "0-7")
t.write(svc + "io.max", "259:0 rbps=max wbps=1048576000 riops=max wiops=max")
t.write(svc + "cpu.stat", "usage_usec 1000000\nuser_usec 800000\nsystem_usec 200000\nnr_periods 100\nnr_throttled 10\nthrottled_usec 50000")
t.write(svc + "io.stat", "259:0 rbytes=4096 wbytes=8192 rios=1 wios=2 dbytes=0 dios=0")
t.write(svc + "cpu.pressure", psi(0, 0))
t.write(svc + "io.pressure", psi(0, 0))
# over 2 s: 3.8 CPU-seconds (1.9 cores of 2: util 0.95), 20 periods of which 15 throttled,
# 0.6 s throttled; 40 MiB read in 10240 I/Os, 20 MiB written in 5120.
s2 = S2 + "sys/fs/cgroup/system.slice/storage.service/"
t.write(s2 + "cpu.stat", "usage_usec 4800000\nuser_usec 3800000\nsystem_usec 1000000\nnr_periods 120\nnr_throttled 25\nthrottled_usec 650000")
t.write(s2 + "io.stat", "259:0 rbytes=%d wbytes=%d rios=10241 wios=5122 dbytes=0 dios=0" % (4096 + 40 * 2**20, 8192 + 20 * 2**20))
t.write(s2 + "cpu.pressure", psi(400000, 100000))
t.write(s2 + "io.pressure", psi(0, 0))
fio = cg + "bench.slice/"
t.write(fio + "cpu.max", "max 100000")
t.write(fio + "cpuset.cpus.effective", "4-7")
t.write(fio + "cpu.stat", "usage_usec 0\nuser_usec 0\nsystem_usec 0")
# over 2 s: 2 CPU-seconds on 4 allowed CPUs, no quota: util 0.25
t.write(S2 + "sys/fs/cgroup/bench.slice/cpu.stat", "usage_usec 2000000\nuser_usec 1500000\nsystem_usec 500000")
