package io.headroom.analyzer.detect;

import io.headroom.model.Metrics;
import java.util.Map;
import java.util.TreeMap;

/**
 * A disk's spec at the phase's I/O size. A datasheet gives two ceilings under two conditions: IOPS
 * at 4 KiB (random) and bytes/s of large transfers. Each I/O costs the device a fixed time plus its
 * transfer: from the two figures, fixed = 1 / IOPS spec - 4 KiB / bytes spec, transfer = bytes /
 * bytes spec. So at 64 KiB neither ceiling alone is the one that applies: the device's busy share
 * is IOPS x fixed + bytes/s / bytes spec, which is at least each of the two shares and equals the
 * IOPS share at 4 KiB and the bytes share for transfers so large the fixed part vanishes. The fixed
 * time is what random access costs (a seek, a flash translation look-up); sequential transfers do
 * not pay it per I/O (an HDD RAID streams 6 GB/s of 1 MiB reads at a small share of its random
 * IOPS), so it applies where the benchmark says its access is random (fio's rw "randread",
 * "randwrite", "randrw"), and the two figures stay separate ceilings elsewhere.
 */
final class SpecTime {
  /** The I/O size datasheets quote random IOPS at. */
  static final double SPEC_BLOCK = 4096;

  private SpecTime() {}

  /** True when a workload on the path, or the run's declared workload, reads or writes at random. */
  static boolean randomAccess(Context ctx) {
    for (String w : ctx.path().workloads()) {
      if (random(ctx.attr(w, "rw"))) {
        return true;
      }
    }
    return ctx.run() != null && random(String.valueOf(ctx.run().workload().get("rw")));
  }

  private static boolean random(String rw) {
    return rw != null && rw.startsWith("rand");
  }

  /** The device's fixed time per I/O from its two specs, never below zero (specs that disagree). */
  static double fixedPerIo(double iopsSpec, double bytesSpec) {
    return Math.max(0, 1 / iopsSpec - SPEC_BLOCK / bytesSpec);
  }

  /** Each second's share of the spec at that second's mix (reads plus writes), in time order. */
  static Map<Double, Double> shares(Context ctx, String id, double iopsSpec, double bytesSpec) {
    TreeMap<Double, Double> iops = Sums.byTime(ctx, id, Metrics.READ_IOPS, Metrics.WRITE_IOPS);
    TreeMap<Double, Double> bytes = Sums.byTime(ctx, id, Metrics.READ_BYTES_PER_S, Metrics.WRITE_BYTES_PER_S);
    double fixed = fixedPerIo(iopsSpec, bytesSpec);
    TreeMap<Double, Double> out = new TreeMap<>();
    for (Map.Entry<Double, Double> e : iops.entrySet()) {
      Double b = bytes.get(e.getKey());
      if (b != null) {
        out.put(e.getKey(), e.getValue() * fixed + b / bytesSpec);
      }
    }
    return out;
  }
}
