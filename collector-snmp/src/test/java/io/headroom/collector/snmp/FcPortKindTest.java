package io.headroom.collector.snmp;

import static io.headroom.collector.snmp.Oids.*;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * FCMGMT-MIB ports decoded by the MIB's definitions: the rows are the Seagate Exos controller's and
 * the Dell ME4024's (goldens snmp/seagate-exos4466-fcmgmt, dell-me4024-fcmgmt); the speed's
 * boundary is 1GFC's 100,000 kilobytes per second.
 */
class FcPortKindTest {
  private static final String UNIT = "32.128.0.192.255.240.192.224.0.0.0.0.0.0.0.0.";

  private static IntTable row(int type, String name, int speed) {
    return IntTable.byLastIndex(Walks.of(CONN_UNIT_PORT_ENTRY).put(CONN_UNIT_PORT_TYPE + "." + UNIT + "0", type)
        .put(CONN_UNIT_PORT_TRANSMITTER_TYPE + "." + UNIT + "0", 1).put(CONN_UNIT_PORT_SPEED + "." + UNIT + "0", speed)
        .put(CONN_UNIT_PORT_NAME + "." + UNIT + "0", name).walk());
  }

  @Test
  void aScsiPortWithAnIscsiNameIsIscsiOnEthernetAndItsSpeedIsNotInTheMibsUnit() {
    FcPortKind.Decoded d = FcPortKind.of(row(13, "hostport_A0-iqn.1992-09.com.seagate:01.array.00c0fff0c0e0", 10), 0);
    assertEquals("ethernet", d.fabric());
    assertEquals("iscsi", d.protocol());
    assertEquals("scsi", d.portType());
    assertEquals(0.0, d.bytesPerSecond());
    assertEquals("no ceiling: connUnitPortSpeed 10 is not in the MIB's unit (kilobytes per second: 10 kB/s is below 1GFC's "
        + "100000 kB/s), and the agent gives no other speed for the port (connUnitPortTransmitterType unknown, no IF-MIB "
        + "row): its unit is undecidable", d.speedNote());
  }

  @Test
  void anLPortIsFibreChannel() {
    FcPortKind.Decoded d = FcPortKind.of(row(6, "hostport_A0", 11), 0); // ME4024: l-port, speed 11
    assertEquals("fc", d.fabric());
    assertEquals("l-port", d.portType());
    assertEquals(null, d.protocol());
    assertEquals(0.0, d.bytesPerSecond());
  }

  @Test
  void speedsFrom1GfcUpAreKilobytesPerSecond() {
    // 100,000 kB/s: 1e8 bytes/s, the ceiling; 99,999: below any port's rate, none
    assertEquals(1e8, FcPortKind.of(row(8, "port0", 100_000), 0).bytesPerSecond());
    assertEquals(null, FcPortKind.of(row(8, "port0", 100_000), 0).speedNote());
    assertEquals(0.0, FcPortKind.of(row(8, "port0", 99_999), 0).bytesPerSecond());
    // 32GFC reads 3,200,000: 3.2e9 bytes/s of payload
    assertEquals(3.2e9, FcPortKind.of(row(8, "port0", 3_200_000), 0).bytesPerSecond());
  }

  @Test
  void aScsiPortWithoutAnIscsiNameIsScsi() {
    FcPortKind.Decoded d = FcPortKind.of(row(13, "hostport_A0", 10), 0);
    assertEquals("scsi", d.fabric());
    assertEquals("fa", d.idPart());
  }
}
