package io.headroom.collector.host;

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
}
