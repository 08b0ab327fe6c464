package io.headroom.collector.snmp;

import static io.headroom.collector.snmp.Oids.*;

import java.util.List;
import java.util.Locale;
import org.snmp4j.smi.Variable;

/**
 * An FCMGMT-MIB port decoded by the MIB's own definitions and the agent's other columns, never by
 * one vendor's habit. connUnitPortType says what the port is (FcPortType: n-port(5), l-port(6),
 * ..., scsi(13) "parallel SCSI port", lan(15)); a scsi port whose connUnitPortName carries an
 * iSCSI name ("iqn." or "eui.", RFC 3720) is an iSCSI port on Ethernet, as Seagate's agents list
 * their 10GbE host ports. connUnitPortSpeed is, by its DESCRIPTION, "the speed of the port in
 * kilobytes per second": a 32GFC port reads 3,200,000. A value below 100,000 (1GFC, the slowest
 * port the MIB describes: 100 MB/s of payload) is not in that unit; the agent's other columns give
 * no speed (connUnitPortTransmitterType names a technology, not a rate), so the port gets no
 * ceiling, and discover says why.
 */
final class FcPortKind {
  /** FcPortType names, by value (FCMGMT-MIB connUnitPortType). */
  private static final List<String> TYPES = List.of("", "unknown", "other", "not-present", "hub-port", "n-port",
      "l-port", "fl-port", "f-port", "e-port", "g-port", "domain-ctl", "hub-controller", "scsi", "escon", "lan", "wan",
      "ac", "dc", "ssa");
  private static final List<String> TRANSMITTERS = List.of("", "unknown", "other", "unused", "shortwave", "longwave",
      "copper", "scsi", "longwaveNoOFC", "shortwaveNoOFC", "longwaveLED", "ssa");
  private static final int SCSI = 13;
  private static final int LAN = 15;
  /** 1GFC's payload rate in the MIB's unit: the slowest Fibre Channel port. */
  static final long SLOWEST_KB_PER_S = 100_000;

  /**
   * @param fabric fc, ethernet or scsi
   * @param idPart the id's part naming the kind of port (fc, iscsi, fa)
   * @param portType connUnitPortType's name, or null when not given
   * @param protocol iscsi, where the name says so, else null
   * @param bytesPerSecond the ceiling, or 0 when none
   * @param speedNote why there is no ceiling, or null
   */
  record Decoded(String fabric, String idPart, String portType, String protocol, double bytesPerSecond, String speedNote) {}

  private FcPortKind() {}

  static Decoded of(IntTable config, int index) {
    Long type = config.number(CONN_UNIT_PORT_TYPE, index);
    long t = type == null ? 0 : type;
    String typeName = t > 0 && t < TYPES.size() ? TYPES.get((int) t) : null;
    Variable nameVar = config.get(CONN_UNIT_PORT_NAME, index);
    String name = nameVar == null ? "" : nameVar.toString().toLowerCase(Locale.ROOT);
    boolean iscsi = t == SCSI && (name.contains("iqn.") || name.contains("eui."));
    String fabric = iscsi || t == LAN ? "ethernet" : t == SCSI ? "scsi" : "fc";
    String idPart = iscsi ? "iscsi" : fabric.equals("fc") ? "fc" : "fa";
    Long speed = config.number(CONN_UNIT_PORT_SPEED, index);
    long kb = speed == null ? 0 : speed;
    if (kb >= SLOWEST_KB_PER_S) {
      return new Decoded(fabric, idPart, typeName, iscsi ? "iscsi" : null, kb * 1000.0, null);
    }
    String note;
    if (kb <= 0) {
      note = "no ceiling: connUnitPortSpeed " + (speed == null ? "not given" : kb);
    } else {
      Long tx = config.number(CONN_UNIT_PORT_TRANSMITTER_TYPE, index);
      String txName = tx != null && tx > 0 && tx < TRANSMITTERS.size() ? TRANSMITTERS.get(tx.intValue()) : "not given";
      note = "no ceiling: connUnitPortSpeed " + kb + " is not in the MIB's unit (kilobytes per second: " + kb
          + " kB/s is below 1GFC's " + SLOWEST_KB_PER_S + " kB/s), and the agent gives no other speed for the port "
          + "(connUnitPortTransmitterType " + txName + ", no IF-MIB row): its unit is undecidable";
    }
    return new Decoded(fabric, idPart, typeName, iscsi ? "iscsi" : null, 0, note);
  }
}
