#!/usr/bin/env python3
"""Builds big-128cpu-24nvme/: a generated 2-socket server with 128 CPUs (64 per NUMA node),
24 NVMe drives (12 per socket, each Gen4 x4 behind its own root port, 33 MSI-X vectors each),
two dual-port 100 GbE cards (one per socket), a dual-port 32G FC HBA and an HDR IB HCA. It is
the benchmark's target (bench/host) and a scale test; values follow simple formulas so the
tests can assert exact rates: over the 2 s between scrape1 and scrape2, drive i (0..23) does
1000*(i+1) reads of 4 KiB and 500*(i+1) writes of 128 KiB.

Run from this directory: python3 gen_big.py
"""
import os
from fixturelib import Tree, Host, proc_stat, diskstats_line, net_dev, interrupts, psi, numastat

HERE = os.path.dirname(os.path.abspath(__file__))
t = Tree(os.path.join(HERE, "big-128cpu-24nvme"))
h = Host(t)
S2 = "scrape2/"
NCPU = 128
NODE_CPUS = [list(range(0, 64)), list(range(64, 128))]
h.nodes(NODE_CPUS, [[10, 20], [20, 10]])
for n in range(2):
    h.numastat(n, (10**9, 0, 0, 100, 10**9, 10**6))
    t.write(S2 + "sys/devices/system/node/node%d/numastat" % n,
            numastat(10**9 + 10**6, 0, 0, 100, 10**9 + 900000, 10**6 + 100000))

irq_rows1, irq_rows2 = [], []
irq = 100
disk1, disk2 = [], []
for i in range(24):
    node = 0 if i < 12 else 1
    bus = (0x01 + i) if node == 0 else (0x81 + i - 12)
    rp = "0000:%02x:%02x.0" % (0x00 if node == 0 else 0x80, 1 + (i % 12))
    ep = "0000:%02x:00.0" % bus
    if rp not in h.pci_dirs:
        h.pci([rp], "0x060400", driver="pcieport", numa=node, cur=(4, 4), maxl=(4, 16))
    irqs = list(range(irq, irq + 33))
    irq += 33
    h.pci([rp, ep], "0x010802", "0x144d", "0xa824", "nvme", node, (4, 4), (4, 4), msi=irqs, aer=0)
    ns = "nvme%dn1" % i
    h.nvme(ep, "nvme%d" % i, ns, 7501476528)
    for q, n in enumerate(irqs):
        cpu = (q * 4 + i) % NCPU
        h.proc("irq/%d/effective_affinity_list" % n, str(cpu))
        h.proc("irq/%d/smp_affinity_list" % n, str(cpu))
        c1 = [0] * NCPU
        c1[cpu] = 1000
        c2 = list(c1)
        c2[cpu] += 10 * (i + 1)
        chip = "IR-PCI-MSIX-%s" % ep
        irq_rows1.append((n, c1, chip, "%d-edge      nvme%dq%d" % (q, i, q)))
        irq_rows2.append((n, c2, chip, "%d-edge      nvme%dq%d" % (q, i, q)))
    k = i + 1
    d1 = (10**6, 0, 8 * 10**6, 10**5, 10**6, 0, 256 * 10**6, 10**5, 0, 10**5, 10**6)
    d2 = (d1[0] + 1000 * k, 0, d1[2] + 8000 * k, d1[3] + 100 * k, d1[4] + 500 * k, 0,
          d1[6] + 128000 * k, d1[7] + 250 * k, 2, d1[9] + 1000, d1[10] + 2000 * k)
    disk1.append(diskstats_line(259, 2 * i, ns, d1))
    disk2.append(diskstats_line(259, 2 * i, ns, d2))
    # a partition per drive, as a real server has: diskstats lists it, /sys/block does not
    disk1.append(diskstats_line(259, 2 * i + 1, ns + "p1", d1))
    disk2.append(diskstats_line(259, 2 * i + 1, ns + "p1", d2))
h.proc("diskstats", "\n".join(disk1))
t.write(S2 + "proc/diskstats", "\n".join(disk2))

# Two dual-port 100 GbE cards, 16 queues per port.
ifaces1, ifaces2 = {"lo": (0,) * 8}, {"lo": (0,) * 8}
for node, (rp, ep) in enumerate((("0000:00:0d.0", "0000:31:00.0"), ("0000:80:0d.0", "0000:b1:00.0"))):
    h.pci([rp], "0x060400", driver="pcieport", numa=node, cur=(4, 16), maxl=(4, 16))
    for fn in range(2):
        addr = ep[:-1] + str(fn)
        irqs = list(range(irq, irq + 16))
        irq += 16
        h.pci([rp, addr], "0x020000", "0x15b3", "0x101d", "mlx5_core", node, (4, 16), (4, 16), msi=irqs)
        name = "ens%df%d" % (node + 1, fn)
        h.netdev(addr, name, 100000, mac="b8:ce:f6:0%d:00:0%d" % (node, fn))
        ifaces1[name] = (10**12, 10**9, 0, 0, 10**12, 10**9, 0, 0)
        ifaces2[name] = (10**12 + 10**9, 10**9 + 10**6, 0, 0, 10**12 + 5 * 10**8, 10**9 + 5 * 10**5, 0, 0)
        for q, n in enumerate(irqs):
            cpu = node * 64 + q
            h.proc("irq/%d/effective_affinity_list" % n, str(cpu))
            c = [0] * NCPU
            c[cpu] = 500
            irq_rows1.append((n, c, "IR-PCI-MSIX-%s" % addr, "%d-edge      mlx5_comp%d@pci:%s" % (q, q, addr)))
            c2 = list(c)
            c2[cpu] += 100
            irq_rows2.append((n, c2, "IR-PCI-MSIX-%s" % addr, "%d-edge      mlx5_comp%d@pci:%s" % (q, q, addr)))
h.proc("net/dev", net_dev(ifaces1))
t.write(S2 + "proc/net/dev", net_dev(ifaces2))
h.netdev(None, "lo", 0, numa_type=772, operstate="unknown")

# FC HBA (socket 0) and IB HCA (socket 1).
h.pci(["0000:00:0e.0"], "0x060400", driver="pcieport", numa=0, cur=(4, 8), maxl=(4, 8))
for fn in range(2):
    a = "0000:3c:00.%d" % fn
    h.pci(["0000:00:0e.0", a], "0x0c0400", "0x10df", "0xf400", "lpfc", 0, (4, 8), (4, 8))
    stats = {"tx_words": 10**9, "rx_words": 10**9, "tx_frames": 10**7, "rx_frames": 10**7, "error_frames": 0,
             "invalid_crc_count": 0, "dumped_frames": 0, "link_failure_count": 0, "loss_of_sync_count": 0,
             "loss_of_signal_count": 0}
    h.fc_host(a, "host%d" % (10 + fn), "32 Gbit", stats)
    h.fc_host(a, "host%d" % (10 + fn), "32 Gbit", dict(stats, rx_words=10**9 + 4 * 10**8), prefix=S2)
h.pci(["0000:80:0e.0"], "0x060400", driver="pcieport", numa=1, cur=(4, 16), maxl=(4, 16))
h.pci(["0000:80:0e.0", "0000:c1:00.0"], "0x020700", "0x15b3", "0x101b", "mlx5_core", 1, (4, 16), (4, 16))
ib = {"port_xmit_data": 10**10, "port_rcv_data": 10**10, "port_xmit_packets": 10**8, "port_rcv_packets": 10**8,
      "port_rcv_errors": 0, "symbol_error": 0, "port_rcv_remote_physical_errors": 0, "port_xmit_discards": 0,
      "link_downed": 0, "port_xmit_wait": 0}
h.ib_port("0000:c1:00.0", "mlx5_0", 1, "200 Gb/sec (4X HDR)", ib)
h.ib_port("0000:c1:00.0", "mlx5_0", 1, "200 Gb/sec (4X HDR)", dict(ib, port_rcv_data=10**10 + 10**9), prefix=S2)
h.pci(["0000:00:00.0"], "0x060000", numa=0)
h.pci(["0000:80:00.0"], "0x060000", numa=1)

h.proc("interrupts", interrupts(NCPU, irq_rows1))
t.write(S2 + "proc/interrupts", interrupts(NCPU, irq_rows2))

base = [10**6, 0, 10**5, 10**7, 10**3, 10**2, 10**3, 0]
T1 = {c: list(base) for c in range(NCPU)}
T2 = {c: [b + d for b, d in zip(base, [120, 0, 30, 40, 4, 2, 4, 0])] for c in range(NCPU)}  # util 0.78
h.proc("stat", proc_stat(T1, running=40))
t.write(S2 + "proc/stat", proc_stat(T2, running=80))
h.proc("pressure/cpu", psi(10**9, 0))
h.proc("pressure/io", psi(10**8, 10**7))
t.write(S2 + "proc/pressure/cpu", psi(10**9 + 10**6, 0))
t.write(S2 + "proc/pressure/io", psi(10**8 + 10**5, 10**7))

cg = "scrape1/sys/fs/cgroup/"
t.write(cg + "cgroup.controllers", "cpuset cpu io memory pids")
for name, quota in (("system.slice/storage.service", "1600000 100000"), ("bench.slice", "max 100000")):
    t.write(cg + name + "/cpu.max", quota)
    t.write(cg + name + "/cpuset.cpus.effective", "0-127")
    t.write(cg + name + "/cpu.stat", "usage_usec 1000000000\nnr_periods 1000\nnr_throttled 10\nthrottled_usec 1000000")
    t.write(cg + name + "/io.stat", "\n".join("259:%d rbytes=0 wbytes=0 rios=0 wios=0 dbytes=0 dios=0" % (2 * i) for i in range(24)))
    t.write(S2 + "sys/fs/cgroup/" + name + "/cpu.stat",
            "usage_usec 1020000000\nnr_periods 1020\nnr_throttled 15\nthrottled_usec 1100000")
