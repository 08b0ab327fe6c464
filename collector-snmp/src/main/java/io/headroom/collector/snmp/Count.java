package io.headroom.collector.snmp;

/**
 * One counter as read: its raw value, its width (Counter32 wraps at 2^32, Counter64 and the FC
 * 8-byte counters at 2^64), what one unit of it is in the metric's unit (4 bytes for an FC word)
 * and when it was read (System.nanoTime() of its table's walk).
 */
record Count(long value, int bits, double scale, long nanos) {
  static Count c32(long value, long nanos) {
    return new Count(value, 32, 1, nanos);
  }

  static Count c64(long value, long nanos) {
    return new Count(value, 64, 1, nanos);
  }

  Count scaled(double by) {
    return new Count(value, bits, scale * by, nanos);
  }
}
