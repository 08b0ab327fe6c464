"""Writes proc/sys fixture trees for the host source's tests.

Trees must have no symlink cycles (real sysfs has them: device links pointing at a parent):
Maven copies test resources following links and would never finish.

A tree has scrape1/ (the whole tree the source sees at its first scrape: proc/ and sys/) and
scrape2/ (only the counter files that changed, copied over scrape1 before the second scrape).
Symlinks are relative and stay inside the tree, as in a real sysfs.
"""
import os
import shutil


class Tree:
    def __init__(self, root):
        self.root = root
        # Only the snapshots are generated: NOTE.md and expected/ (golden files) are kept.
        for snap in ("scrape1", "scrape2"):
            if os.path.exists(os.path.join(root, snap)):
                shutil.rmtree(os.path.join(root, snap))
        os.makedirs(root, exist_ok=True)

    def write(self, rel, text):
        path = os.path.join(self.root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text if text.endswith("\n") or text == "" else text + "\n")

    def mkdir(self, rel):
        os.makedirs(os.path.join(self.root, rel), exist_ok=True)

    def symlink(self, rel, target_rel):
        """rel -> target_rel, both relative to the tree root; the link itself is relative."""
        path = os.path.join(self.root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        target = os.path.relpath(os.path.join(self.root, target_rel), os.path.dirname(path))
        os.symlink(target, path)


def cpu_line(name, t):
    """t: user nice system idle iowait irq softirq steal (guest fields written as 0)."""
    return name + " " + " ".join(str(v) for v in t) + " 0 0"


def proc_stat(cpus, running=3, blocked=1):
    """cpus: {cpu number: [8 tick counters]}; the aggregate line is their sum."""
    total = [sum(c[i] for c in cpus.values()) for i in range(8)]
    lines = [cpu_line("cpu ", total).replace("cpu  ", "cpu  ", 1)]
    for n in sorted(cpus):
        lines.append(cpu_line("cpu%d" % n, cpus[n]))
    lines += ["intr 0", "ctxt 1000", "btime 1795990000", "processes 5000",
              "procs_running %d" % running, "procs_blocked %d" % blocked, "softirq 0 0 0 0 0 0 0 0 0 0 0"]
    return "\n".join(lines)


def diskstats_line(major, minor, name, f):
    """f: reads merged sectors ms writes merged sectors ms inflight io_ms weighted_ms (11 fields);
    discard and flush fields are written as 0 as kernels 5.5+ do."""
    return "%4d %7d %s %s 0 0 0 0 0 0" % (major, minor, name, " ".join(str(v) for v in f))


def net_dev(ifaces):
    """ifaces: {name: (rx_bytes, rx_packets, rx_errs, rx_drop, tx_bytes, tx_packets, tx_errs, tx_drop)}"""
    out = ["Inter-|   Receive                                                |  Transmit",
           " face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed"]
    for name, v in ifaces.items():
        rx = v[:4]
        tx = v[4:]
        out.append("%6s: %s 0 0 0 0 %s 0 0 0 0" % (name, " ".join(str(x) for x in rx), " ".join(str(x) for x in tx)))
    return "\n".join(out)


def interrupts(ncpu, rows):
    """rows: [(irq, [count per cpu], chip, name)]"""
    out = [" " * 11 + "".join("CPU%-8d" % c for c in range(ncpu)).rstrip()]
    for irq, counts, chip, name in rows:
        out.append("%4d: %s  %s  %s" % (irq, " ".join("%10d" % c for c in counts), chip, name))
    out.append(" NMI: %s   Non-maskable interrupts" % " ".join("%10d" % 0 for _ in range(ncpu)))
    out.append(" LOC: %s   Local timer interrupts" % " ".join("%10d" % 100 for _ in range(ncpu)))
    return "\n".join(out)


def psi(some_total, full_total=None):
    s = "some avg10=0.00 avg60=0.00 avg300=0.00 total=%d" % some_total
    if full_total is not None:
        s += "\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=%d" % full_total
    return s


def numastat(hit, miss, foreign, interleave, local, other):
    return ("numa_hit %d\nnuma_miss %d\nnuma_foreign %d\ninterleave_hit %d\nlocal_node %d\nother_node %d"
            % (hit, miss, foreign, interleave, local, other))


SPEEDS = {1: "2.5 GT/s PCIe", 2: "5.0 GT/s PCIe", 3: "8.0 GT/s PCIe", 4: "16.0 GT/s PCIe", 5: "32.0 GT/s PCIe"}


class Host:
    """Builds the sys side of a host: nodes, CPUs, a PCI tree, NVMe, NICs, FC, IB."""

    def __init__(self, tree, prefix="scrape1/"):
        self.t = tree
        self.p = prefix
        self.pci_dirs = {}

    def sys(self, rel, text):
        self.t.write(self.p + "sys/" + rel, text)

    def proc(self, rel, text):
        self.t.write(self.p + "proc/" + rel, text)

    def link(self, rel, target):
        self.t.symlink(self.p + "sys/" + rel, self.p + "sys/" + target)

    def nodes(self, cpulists, distances):
        """cpulists: [[cpu,...] per node]; also writes cpuN/topology/physical_package_id."""
        for n, cpus in enumerate(cpulists):
            d = "devices/system/node/node%d/" % n
            self.sys(d + "cpulist", fmt_cpus(cpus))
            self.sys(d + "distance", " ".join(str(x) for x in distances[n]))
            for c in cpus:
                self.sys("devices/system/cpu/cpu%d/topology/physical_package_id" % c, str(n))

    def numastat(self, node, values):
        self.sys("devices/system/node/node%d/numastat" % node, numastat(*values))

    def pci(self, chain, cls, vendor="0x8086", device="0x0000", driver=None, numa=-1,
            cur=None, maxl=None, msi=(), aer=None):
        """chain: addresses root port first, this device last. cur/maxl: (gen, width) or None."""
        addr = chain[-1]
        domain_bus = "pci" + chain[0][:7]
        rel = "devices/" + domain_bus + "/" + "/".join(chain)
        self.pci_dirs[addr] = rel
        self.sys(rel + "/class", cls)
        self.sys(rel + "/vendor", vendor)
        self.sys(rel + "/device", device)
        self.sys(rel + "/subsystem_vendor", vendor)
        self.sys(rel + "/subsystem_device", "0x0001")
        self.sys(rel + "/numa_node", str(numa))
        if cur:
            self.sys(rel + "/current_link_speed", SPEEDS[cur[0]])
            self.sys(rel + "/current_link_width", str(cur[1]))
        if maxl:
            self.sys(rel + "/max_link_speed", SPEEDS[maxl[0]])
            self.sys(rel + "/max_link_width", str(maxl[1]))
        if driver:
            self.link(rel + "/driver", "bus/pci/drivers/" + driver)
            self.t.mkdir(self.p + "sys/bus/pci/drivers/" + driver)
        for irq in msi:
            self.sys(rel + "/msi_irqs/%d" % irq, "msix")
        if aer is not None:
            self.aer(addr, aer)
        self.link("bus/pci/devices/" + addr, rel)
        return rel

    def aer(self, addr, correctable, prefix=None):
        rel = self.pci_dirs[addr]
        w = self.t.write
        base = (prefix or self.p) + "sys/" + rel
        w(base + "/aer_dev_correctable", "RxErr 0\nBadTLP %d\nBadDLLP 0\nTOTAL_ERR_COR %d" % (correctable, correctable))
        w(base + "/aer_dev_nonfatal", "Undefined 0\nTOTAL_ERR_NONFATAL 0")
        w(base + "/aer_dev_fatal", "Undefined 0\nTOTAL_ERR_FATAL 0")

    def nvme(self, addr, ctrl, ns, size_sectors, model="ACME NVMe 3.84TB", serial=None):
        c = self.pci_dirs[addr] + "/nvme/" + ctrl
        self.sys(c + "/model", model)
        self.sys(c + "/serial", serial or "SN-" + ctrl)
        self.sys(c + "/firmware_rev", "1.0.0")
        self.sys(c + "/transport", "pcie")
        self.link("class/nvme/" + ctrl, c)
        b = c + "/" + ns
        self.sys(b + "/size", str(size_sectors))
        self.sys(b + "/queue/rotational", "0")
        self.sys(b + "/nsid", "1")
        # No ns/device -> controller link: it points at its own parent and the cycle would
        # send Maven's resource copy into an endless walk. The source uses the parent instead.
        self.link("block/" + ns, b)
        return b

    def nvme_fabric(self, ctrl, ns, size_sectors, transport, address, subsys):
        """An NVMe-oF namespace with native multipath: the head under nvme-subsystem, the one
        path (nvme4c4n1) under the fabrics controller, linked from the head's multipath/."""
        c = "devices/virtual/nvme-fabrics/ctl/" + ctrl
        self.sys(c + "/model", "Linux")
        self.sys(c + "/serial", "SN-" + ctrl)
        self.sys(c + "/firmware_rev", "6.1.0")
        self.sys(c + "/transport", transport)
        self.sys(c + "/address", address)
        self.link("class/nvme/" + ctrl, c)
        path = c + "/" + ctrl.replace("nvme", "nvme%sc" % ctrl[4:]) + ns[len(ctrl):]
        self.sys(path + "/size", str(size_sectors))
        head = "devices/virtual/nvme-subsystem/%s/%s" % (subsys, ns)
        self.sys(head + "/size", str(size_sectors))
        self.sys(head + "/queue/rotational", "0")
        self.sys(head + "/nsid", "1")
        self.link(head + "/multipath/" + os.path.basename(path), path)
        self.link("block/" + ns, head)

    def virtual_block(self, name, size_sectors, slaves=(), attrs=None):
        b = "devices/virtual/block/" + name
        self.sys(b + "/size", str(size_sectors))
        self.sys(b + "/queue/rotational", "0")
        for s in slaves:
            self.link(b + "/slaves/" + s, "block/" + s)
        for k, v in (attrs or {}).items():
            self.sys(b + "/" + k, v)
        self.link("block/" + name, b)

    def netdev(self, addr, name, speed, numa_type=1, operstate="up", mac="02:00:00:00:00:01", bond=None):
        base = (self.pci_dirs[addr] + "/net/" + name) if addr else ("devices/virtual/net/" + name)
        self.sys(base + "/type", str(numa_type))
        self.sys(base + "/operstate", operstate)
        self.sys(base + "/address", mac)
        self.sys(base + "/speed", str(speed))
        if bond:
            self.sys(base + "/bonding/slaves", " ".join(bond[1]))
            self.sys(base + "/bonding/mode", bond[0])
        self.link("class/net/" + name, base)

    def fc_host(self, addr, host, speed, stats, prefix=None):
        base = self.pci_dirs[addr] + "/" + host + "/fc_host/" + host
        if prefix is None:
            self.sys(base + "/port_name", "0x10000090fa000%03d" % int(host[4:]))
            self.sys(base + "/node_name", "0x20000090fa000%03d" % int(host[4:]))
            self.sys(base + "/port_state", "Online" if speed != "Unknown" else "Linkdown")
            self.sys(base + "/port_type", "NPort (fabric via point-to-point)")
            self.sys(base + "/speed", speed)
            self.link("class/fc_host/" + host, base)
        for k, v in stats.items():
            self.t.write((prefix or self.p) + "sys/" + base + "/statistics/" + k, "0x%x" % v if v >= 0 else "0xffffffffffffffff")

    def ib_port(self, addr, dev, port, rate, counters, prefix=None):
        base = self.pci_dirs[addr] + "/infiniband/" + dev
        pdir = base + "/ports/%d" % port
        if prefix is None:
            self.sys(base + "/node_guid", "b8ce:f603:00a1:0001")
            self.sys(pdir + "/rate", rate)
            self.sys(pdir + "/state", "4: ACTIVE")
            self.sys(pdir + "/phys_state", "5: LinkUp")
            self.sys(pdir + "/link_layer", "InfiniBand")
            if not os.path.lexists(os.path.join(self.t.root, self.p + "sys/class/infiniband/" + dev)):
                self.link("class/infiniband/" + dev, base)
        for k, v in counters.items():
            self.t.write((prefix or self.p) + "sys/" + pdir + "/counters/" + k, str(v))


def fmt_cpus(cpus):
    cpus = sorted(cpus)
    out = []
    i = 0
    while i < len(cpus):
        j = i
        while j + 1 < len(cpus) and cpus[j + 1] == cpus[j] + 1:
            j += 1
        out.append(str(cpus[i]) if i == j else "%d-%d" % (cpus[i], cpus[j]))
        i = j + 1
    return ",".join(out)
