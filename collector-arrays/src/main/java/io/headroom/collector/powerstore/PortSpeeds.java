package io.headroom.collector.powerstore;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Port speeds as PowerStore names them (FcPortSpeedEnum "4_Gbps".."32_Gbps", EthPortSpeedEnum
 * "10_Mbps".."100_Gbps"; "Auto" is a request, not a speed) and the ceilings they give, as the
 * host source computes them: Ethernet bits / 8 per direction; FC the payload rate, 100 MB/s per
 * "Gbit" of the speed name (FC 32G carries 3.2 GB/s: its line rate is 28.05 Gbaud, 64b/66b).
 */
final class PortSpeeds {
  private static final Pattern SPEED = Pattern.compile("(\\d+)_(Mbps|Gbps)");

  private PortSpeeds() {}

  /** Bits per second of a speed name, or NaN for Auto, null or anything else. */
  static double bitsPerSecond(String speed) {
    if (speed == null) {
      return Double.NaN;
    }
    Matcher m = SPEED.matcher(speed);
    if (!m.matches()) {
      return Double.NaN;
    }
    return Long.parseLong(m.group(1)) * (m.group(2).equals("Gbps") ? 1e9 : 1e6);
  }

  /** The per-direction ceiling in bytes per second. */
  static double ceiling(boolean fc, double bitsPerSecond) {
    return fc ? bitsPerSecond / 1e9 * 1e8 : bitsPerSecond / 8;
  }
}
