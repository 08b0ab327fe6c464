package io.headroom.analyzer.detect;

import io.headroom.analyzer.data.RunData;
import io.headroom.analyzer.data.Series;
import io.headroom.analyzer.data.Stats;
import io.headroom.analyzer.data.Window;
import io.headroom.model.Metrics;

/**
 * Where a device (a disk, a volume, a LUN) operated in one window: its throughput, the mean time
 * each I/O spent there, and how many I/Os it held at once. Little's law ties the three
 * (in flight = IOPS x latency); the device's own queue_depth reading is used when it has one.
 *
 * @param latency the IOPS-weighted mean of its read and write latency, in seconds
 * @param inFlight its mean queue_depth, else IOPS x latency
 * @param bytesPerIo the mean size of an I/O, 0 when bytes are not recorded
 * @param readShare the share of its I/Os that are reads
 */
record OperatingPoint(Window window, double iops, double latency, double inFlight, double bytesPerIo,
    double readShare) {

  /** The device's point in the window; null without I/O and latency readings there. */
  static OperatingPoint of(RunData data, String entity, Window w) {
    double reads = mean(data, entity, Metrics.READ_IOPS, w);
    double writes = mean(data, entity, Metrics.WRITE_IOPS, w);
    double iops = reads + writes;
    double time = reads * mean(data, entity, Metrics.READ_LATENCY_S, w)
        + writes * mean(data, entity, Metrics.WRITE_LATENCY_S, w);
    if (!(iops > 0) || !(time > 0)) {
      return null;
    }
    double latency = time / iops;
    double queue = mean(data, entity, Metrics.QUEUE_DEPTH, w);
    double bytes = mean(data, entity, Metrics.READ_BYTES_PER_S, w) + mean(data, entity, Metrics.WRITE_BYTES_PER_S, w);
    return new OperatingPoint(w, iops, latency, queue > 0 ? queue : iops * latency, bytes / iops, reads / iops);
  }

  /**
   * The window's workloads together: their IOPS summed, their latency, read share and I/O size
   * weighted by each one's IOPS, their I/Os in flight by Little's law; null when none moved I/O.
   */
  static OperatingPoint ofWorkloads(Context c) {
    double iops = 0;
    double reads = 0;
    double bytes = 0;
    double time = 0;
    for (String w : c.path().workloads()) {
      OperatingPoint p = c.point(w);
      if (p != null) {
        iops += p.iops();
        reads += p.iops() * p.readShare();
        bytes += p.iops() * p.bytesPerIo();
        time += p.iops() * p.latency();
      }
    }
    return iops > 0 ? new OperatingPoint(c.window(), iops, time / iops, time, bytes / iops, reads / iops) : null;
  }

  /** The larger of a/b and b/a: how far apart two positive figures are, whichever is larger. */
  static double apart(double a, double b) {
    return Math.max(a / b, b / a);
  }

  /**
   * True when the two points ran the same kind of I/O, so that their service times compare: the
   * same read share within 15 points and I/O sizes within 25% of each other. A 1 MiB phase's
   * longer latency is its transfer time, not waiting.
   */
  boolean sameMix(OperatingPoint o) {
    if (Math.abs(readShare - o.readShare) > 0.15) {
      return false;
    }
    if (bytesPerIo <= 0 || o.bytesPerIo <= 0) {
      return bytesPerIo <= 0 && o.bytesPerIo <= 0;
    }
    double ratio = bytesPerIo / o.bytesPerIo;
    return ratio <= 1.25 && ratio >= 1 / 1.25;
  }

  /** "32.0 in flight, 15.2k IOPS, 2.10 ms (phase qd32)". */
  String describe() {
    return Fmt.num(inFlight) + " in flight, " + Fmt.iops(iops) + ", " + Fmt.latency(latency) + " (phase "
        + window.name() + ")";
  }

  private static double mean(RunData data, String entity, String metric, Window w) {
    Series s = data.seriesOf(entity).get(metric);
    double m = s == null ? Double.NaN : Stats.mean(s.valuesBetween(w.from(), w.to()));
    return Double.isNaN(m) ? 0 : m;
  }
}
