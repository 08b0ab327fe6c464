package io.headroom.analyzer.detect;

/**
 * The numbers the detection rules compare against. Defaults and the reason for each are in
 * docs/detection.md; this is configuration, so a lab that knows better can override any of them.
 *
 * @param pciePractical share of a PCIe link's line-coded rate that data can actually use: TLP
 *     headers, DLLPs and flow-control credits cost 10-15% at the usual 256-byte payloads
 * @param ethernetPractical share of an Ethernet port's speed left for payload: Ethernet, IP and
 *     TCP framing at MTU 1500 cost about 5%
 * @param fcPractical share of an FC port's payload rate reachable: FC frames carry 2 KB of 2.1 KB
 *     and the declared capacity already is payload, so about 2% is lost to framing and idles
 * @param infinibandPractical share of an IB port's data rate that RDMA payload reaches: packet
 *     headers plus the HCA's own PCIe host link keep FDR near 6 GB/s of 6.8
 * @param otherNetPractical the same for a port of unknown fabric (taken as Ethernet)
 * @param atCeiling a resource at or above this share of its practical ceiling (p95) is at its
 *     ceiling; p95 against 90% tolerates sampling jitter without calling a half-busy port full
 * @param cpuBusy CPU utilisation (p95) from which a CPU is full: schedulers leave a few percent
 *     idle even when nothing more can run
 * @param diskBusy busy-time fraction (p95) from which a device without a declared spec is busy
 * @param diskQueue mean queue depth at a busy device from which requests are waiting for it
 * @param latencyClimb factor over the device's lowest phase latency in the run that counts as
 *     latency climbing
 * @param pausePerS pause frames or FC credit-zero events per second (p95) that mean the fabric is
 *     pushing back
 * @param remoteAccess share of a socket's memory traffic served by another node from which NUMA
 *     placement costs measurably
 * @param socketImbalance utilisation gap between a host's busiest and idlest socket that shows
 *     work piled on one node
 * @param littleFull share of the configured outstanding I/O (jobs x iodepth) actually in flight
 *     (IOPS x mean latency) below which the submission side held the benchmark back
 * @param plateauCv coefficient of variation of throughput within a phase below which it is flat
 * @param nearTie two limits whose pressures differ by less than this are both reported as
 *     co-limits and the verdict's confidence is lowered
 * @param sustainedShare share of a phase's readings a resource must spend at its ceiling to be the
 *     phase's limit; below it, its p95 at the ceiling is a transient saturation (bursts, a
 *     neighbour's spike), reported but not the verdict
 * @param creditZeroShare share of time (p95) an FC port waits at zero transmit credit from which
 *     its receiver is holding it back: a tenth of the time is beyond the bursts of a healthy link
 * @param implausibleRate a byte rate or IOPS p95 above this multiple of its declared ceiling (line
 *     rate, spec) is no reading the resource can give: its ceiling or its counter is wrong, and it
 *     is never a candidate. Above the collector's own 1.10 spike margin (two clocks disagreeing by
 *     a few per cent), with room for a producer's scrape jitter
 * @param implausibleUtil the same for a utilisation or busy fraction against 1.0, with the same
 *     room: a utilisation is a delta of busy time over the time between two reads too, and a
 *     cgroup held to its CPU quota reads above 1.0 in some seconds (the lab's client at 0.1 of a
 *     CPU: p95 1.04 over a phase, above 1.05 in its first seconds)
 * @param minReadings readings a phase needs (of its workload or of one entity) to be judged at
 *     all: with fewer, one reading is the p95 and the sustained share moves in steps of a quarter
 *     or more
 */
public record Thresholds(
    double pciePractical,
    double ethernetPractical,
    double fcPractical,
    double infinibandPractical,
    double otherNetPractical,
    double atCeiling,
    double cpuBusy,
    double diskBusy,
    double diskQueue,
    double latencyClimb,
    double pausePerS,
    double remoteAccess,
    double socketImbalance,
    double littleFull,
    double plateauCv,
    double nearTie,
    double sustainedShare,
    double creditZeroShare,
    double implausibleRate,
    double implausibleUtil,
    int minReadings) {

  public static Thresholds defaults() {
    return new Thresholds(0.87, 0.95, 0.98, 0.90, 0.95, 0.90, 0.90, 0.90, 2.0, 2.0, 100.0,
        0.30, 0.30, 0.80, 0.05, 0.05, 0.50, 0.10, 1.20, 1.20, 5);
  }

  /** The same thresholds with another number of readings a window needs to be judged. */
  public Thresholds withMinReadings(int readings) {
    return new Thresholds(pciePractical, ethernetPractical, fcPractical, infinibandPractical, otherNetPractical,
        atCeiling, cpuBusy, diskBusy, diskQueue, latencyClimb, pausePerS, remoteAccess, socketImbalance,
        littleFull, plateauCv, nearTie, sustainedShare, creditZeroShare, implausibleRate, implausibleUtil, readings);
  }

  /** Returns this when every value is in range; otherwise says which one is not. */
  public Thresholds validate() {
    fraction("pciePractical", pciePractical);
    fraction("ethernetPractical", ethernetPractical);
    fraction("fcPractical", fcPractical);
    fraction("infinibandPractical", infinibandPractical);
    fraction("otherNetPractical", otherNetPractical);
    fraction("atCeiling", atCeiling);
    fraction("cpuBusy", cpuBusy);
    fraction("diskBusy", diskBusy);
    fraction("remoteAccess", remoteAccess);
    fraction("socketImbalance", socketImbalance);
    fraction("littleFull", littleFull);
    fraction("plateauCv", plateauCv);
    fraction("nearTie", nearTie);
    fraction("sustainedShare", sustainedShare);
    fraction("creditZeroShare", creditZeroShare);
    positive("diskQueue", diskQueue);
    if (!(latencyClimb > 1.0)) {
      throw new IllegalArgumentException("latencyClimb must be above 1, got " + latencyClimb);
    }
    positive("pausePerS", pausePerS);
    aboveOne("implausibleRate", implausibleRate);
    aboveOne("implausibleUtil", implausibleUtil);
    if (minReadings < 1) {
      throw new IllegalArgumentException("minReadings must be at least 1, got " + minReadings);
    }
    return this;
  }

  /** The practical ceiling, as a share of line rate, of a port on the given fabric. */
  public double netPractical(String fabric) {
    if (fabric == null) {
      return otherNetPractical;
    }
    switch (fabric.toLowerCase(java.util.Locale.ROOT)) {
      case "ethernet":
      case "roce":
        return ethernetPractical;
      case "fc":
      case "fibre_channel":
        return fcPractical;
      case "infiniband":
      case "ib":
        return infinibandPractical;
      default:
        return otherNetPractical;
    }
  }

  private static void fraction(String name, double v) {
    if (!(v > 0 && v <= 1)) {
      throw new IllegalArgumentException(name + " must be in (0, 1], got " + v);
    }
  }

  /** A multiple of a ceiling: above 1 (a reading at its ceiling is plausible) and finite. */
  private static void aboveOne(String name, double v) {
    if (!(v > 1) || Double.isInfinite(v)) {
      throw new IllegalArgumentException(name + " must be a number above 1, got " + v);
    }
  }

  private static void positive(String name, double v) {
    if (!(v > 0) || Double.isInfinite(v)) {
      throw new IllegalArgumentException(name + " must be a positive number, got " + v);
    }
  }
}
