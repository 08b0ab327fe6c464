package io.headroom.collector.snmp;

import java.util.OptionalLong;
import org.snmp4j.smi.OctetString;
import org.snmp4j.smi.Variable;

/**
 * FCMGMT-MIB's counters: an OCTET STRING (SIZE (8)) holding a big-endian 64-bit count. A counter
 * the switch does not keep reads 0x80 followed by seven zero bytes ("always returns high order bit
 * to 1 with all other bits set to zero", as vendors' FA-MIB references put it): unsupported, never
 * a value.
 */
final class FcCounter {
  private FcCounter() {}

  static OptionalLong decode(Variable v) {
    if (!(v instanceof OctetString s) || s.length() != 8) {
      return OptionalLong.empty();
    }
    byte[] b = s.getValue();
    if (unsupported(b)) {
      return OptionalLong.empty();
    }
    long value = 0;
    for (byte x : b) {
      value = (value << 8) | (x & 0xff);
    }
    return OptionalLong.of(value);
  }

  /** 0x80 00 00 00 00 00 00 00. */
  static boolean unsupported(byte[] b) {
    if ((b[0] & 0xff) != 0x80) {
      return false;
    }
    for (int i = 1; i < b.length; i++) {
      if (b[i] != 0) {
        return false;
      }
    }
    return true;
  }

  static boolean isUnsupported(Variable v) {
    return v instanceof OctetString s && s.length() == 8 && unsupported(s.getValue());
  }
}
