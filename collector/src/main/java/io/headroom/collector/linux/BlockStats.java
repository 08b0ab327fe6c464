package io.headroom.collector.linux;

import io.headroom.collector.source.Counters;
import io.headroom.model.MetricDef;
import java.util.function.BiConsumer;

/**
 * The kernel's block I/O counters (Documentation/block/stat.rst; the same fields in
 * /proc/diskstats after the device name and in /sys/block/NAME/stat) and the disk metrics they
 * give, for every source that watches block devices.
 */
public final class BlockStats {
  /**
   * The fields kept, in this order: reads, sectors read, ms reading, writes, sectors written, ms
   * writing, ms doing I/O, weighted ms. Sectors are 512 bytes whatever the device's block size.
   */
  public static final int[] PICK = {0, 2, 3, 4, 6, 7, 9, 10};
  static final int RD = 0;
  static final int RD_SEC = 1;
  static final int RD_MS = 2;
  static final int WR = 3;
  static final int WR_SEC = 4;
  static final int WR_MS = 5;
  static final int IO_MS = 6;
  static final int WEIGHTED_MS = 7;

  private BlockStats() {}

  /**
   * The disk metrics these counters give, as the emitting source declares them: each source has
   * its own declarations (and docs page) for the same names.
   */
  public record Metrics(MetricDef readIops, MetricDef writeIops, MetricDef readBytes, MetricDef writeBytes,
      MetricDef readLatency, MetricDef writeLatency, MetricDef queueDepth, MetricDef util) {}

  /** The PICK fields of a full stat line's numbers. */
  public static long[] pick(long[] fields) {
    long[] v = new long[PICK.length];
    for (int i = 0; i < PICK.length; i++) {
      v[i] = fields[PICK[i]];
    }
    return v;
  }

  public static double readBytesPerS(Counters.Delta d) {
    return d.rate(RD_SEC) * 512;
  }

  public static double writeBytesPerS(Counters.Delta d) {
    return d.rate(WR_SEC) * 512;
  }

  /** The disk metrics of one interval of PICK counters. */
  public static void emit(Counters.Delta d, Metrics m, BiConsumer<MetricDef, Double> sample) {
    sample.accept(m.readIops(), d.rate(RD));
    sample.accept(m.writeIops(), d.rate(WR));
    sample.accept(m.readBytes(), readBytesPerS(d));
    sample.accept(m.writeBytes(), writeBytesPerS(d));
    // ms spent per I/O completed in the interval; NaN (dropped) when none completed
    sample.accept(m.readLatency(), d.ratio(RD_MS, RD) / 1000);
    sample.accept(m.writeLatency(), d.ratio(WR_MS, WR) / 1000);
    // Weighted time grows by (requests in flight) per ms, so its rate is the mean queue depth.
    sample.accept(m.queueDepth(), d.rate(WEIGHTED_MS) / 1000);
    // Sampling jitter can make busy time exceed wall time slightly; busy cannot exceed 1.
    sample.accept(m.util(), Math.min(1.0, d.rate(IO_MS) / 1000));
  }
}
