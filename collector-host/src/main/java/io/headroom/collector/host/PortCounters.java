package io.headroom.collector.host;

import io.headroom.collector.source.Counters;
import java.nio.file.Path;

/**
 * Reads a port's counter files into one reading. A file the driver does not fill (absent, or
 * all ones as some FC drivers report for "not supported") is marked unsupported so the metric is
 * left out rather than reported as zero.
 */
final class PortCounters {
  final long[] values;
  final boolean[] supported;

  private PortCounters(int n) {
    values = new long[n];
    supported = new boolean[n];
  }

  /** Null when a file that must be there (listed in required) is missing: the port vanished. */
  static PortCounters read(HostContext ctx, Path dir, String[] names, int required) {
    PortCounters out = new PortCounters(names.length);
    for (int i = 0; i < names.length; i++) {
      Path file = dir.resolve(names[i]);
      Long v = i < required ? ctx.files.requiredLong(file) : SysFiles.optionalLong(file);
      if (v == null && i < required) {
        return null;
      }
      out.supported[i] = v != null && v != -1L;
      out.values[i] = out.supported[i] ? v : 0;
    }
    return out;
  }

  boolean all(int... fields) {
    for (int f : fields) {
      if (!supported[f]) {
        return false;
      }
    }
    return true;
  }

  /**
   * The traffic both FC and IB count the same way: counters 0 and 1 are transmitted and
   * received data in 4-byte words, 2 and 3 transmitted and received frames (packets).
   */
  void emitWordTraffic(HostContext ctx, String id, Counters.Delta d) {
    double tx = d.rate(0) * 4;
    double rx = d.rate(1) * 4;
    ctx.sample(id, HostMetrics.TX_BYTES, tx);
    ctx.sample(id, HostMetrics.RX_BYTES, rx);
    ctx.addPciTraffic(id, rx, tx);
    if (all(2)) {
      ctx.sample(id, HostMetrics.TX_PACKETS, d.rate(2));
    }
    if (all(3)) {
      ctx.sample(id, HostMetrics.RX_PACKETS, d.rate(3));
    }
  }
}
