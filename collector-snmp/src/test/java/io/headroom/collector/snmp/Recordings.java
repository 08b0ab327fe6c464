package io.headroom.collector.snmp;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The snmpsim recordings the tests serve, written from the MIBs (OIDs and syntaxes as in
 * {@link Oids}; docs/snmp-recordings.md says what each device is and where its values come from).
 * Counters move with snmpsim's numeric module at the rates below, so the expected rates are these
 * numbers; the tests say the arithmetic.
 */
final class Recordings {
  static final double TWO_TO_32 = 4294967296.0;
  static final String UNIT_ID = "16.0.0.5.30.11.22.33.0.0.0.0.0.0.0.0"; // connUnitId: WWN 10:00:00:05:1e:0b:16:21, zero-padded to 16
  static final int SWITCH_PORTS = 48;

  private Recordings() {}

  /** The 100 GbE switch's port with priority flow control: 1200 PFC frames sent and 800 received a second. */
  static final int PFC_PORT = 9;
  /** The 100 GbE switch's port with only 32-bit pause counters: 300 in and 100 out a second. */
  static final int PAUSE32_PORT = 10;

  /** Port k of the 100 GbE switch receives k x 250 MB/s (port 48: 12 GB/s of 12.5) and sends k x 100 MB/s. */
  static double ethRx(int k) {
    return k * 2.5e8;
  }

  static double ethTx(int k) {
    return k * 1.0e8;
  }

  /** Brocade port k sends k x 60 MB/s and receives k x 30 MB/s (FCMGMT-MIB bytes). */
  static double fcTx(int k) {
    return k * 6.0e7;
  }

  static double fcRx(int k) {
    return k * 3.0e7;
  }

  /** Brocade port k is at zero transmit credit k x 4000 ticks of 2.5 us a second: k% of the time. */
  static double fcCreditZeroTicks(int k) {
    return k * 4000.0;
  }

  /** swFCPortTxWords / RxWords of port k, words a second (port 2's bytes come from here: 0x80 in FCMGMT-MIB). */
  static double swTxWords(int k) {
    return k * 1.5e7;
  }

  static double swRxWords(int k) {
    return k * 1.0e7;
  }

  static void system(Snmprec r, String name, String objectId, double uptimeTicks) {
    r.add("1.3.6.1.2.1.1.1.0", "4", name);
    r.add("1.3.6.1.2.1.1.2.0", "6", objectId);
    r.wrapping("1.3.6.1.2.1.1.3.0", "67", uptimeTicks, 100, TWO_TO_32); // TimeTicks: 1/100 s, 32 bits
    r.add("1.3.6.1.2.1.1.5.0", "4", name);
  }

  /**
   * 48 x 100 GbE, IF-MIB ifTable and ifXTable with 64-bit counters, ifHighSpeed 100000 (ifSpeed is
   * saturated at 4294967295), a loopback (left out), pause frames on port 7 (2500 in, 500 out a second) and
   * on port 10 (300 in, 100 out, Counter32 only), PFC frames on port 9 (1200 sent, 800 received), errors on port 3
   * (200/s), discards on port 4 (500/s), LLDP neighbours on ports 1 and 2.
   *
   * @param uptime sysUpTime at start, ticks
   * @param octetsBase the octet counters' initial value (a restart or discontinuity case raises it)
   * @param discontinuity ifCounterDiscontinuityTime of every port
   */
  static Snmprec ethernet48(double uptime, double octetsBase, long discontinuity) {
    Snmprec r = new Snmprec();
    system(r, "sw100", "1.3.6.1.4.1.8072.3.2.10", uptime);
    for (int k = 1; k <= SWITCH_PORTS; k++) {
      String name = "Ethernet1/" + k;
      ifRow(r, k, name, 6, 4294967295L);
      r.wrapping(ifTable(10, k), "65", 0, ethRx(k), TWO_TO_32);
      r.wrapping(ifTable(16, k), "65", 0, ethTx(k), TWO_TO_32);
      r.counter(ifTable(11, k), "65", 0, ethRx(k) / 1000);
      r.counter(ifTable(17, k), "65", 0, ethTx(k) / 1000);
      r.counter(ifTable(13, k), "65", 0, 0);
      r.counter(ifTable(14, k), "65", 0, k == 3 ? 200 : 0);
      r.counter(ifTable(19, k), "65", 0, k == 4 ? 500 : 0);
      r.counter(ifTable(20, k), "65", 0, 0);
      r.add(ifX(1, k), "4", name);
      r.counter(ifX(2, k), "65", 0, 1000);
      r.counter(ifX(3, k), "65", 0, 100);
      r.counter(ifX(4, k), "65", 0, 10);
      r.counter(ifX(5, k), "65", 0, 1);
      r.counter(ifX(6, k), "70", octetsBase, ethRx(k));
      r.counter(ifX(7, k), "70", 0, ethRx(k) / 1000); // 1000-byte packets
      r.counter(ifX(8, k), "70", 0, 1000);
      r.counter(ifX(9, k), "70", 0, 100);
      r.counter(ifX(10, k), "70", octetsBase, ethTx(k));
      r.counter(ifX(11, k), "70", 0, ethTx(k) / 1000);
      r.counter(ifX(12, k), "70", 0, 1000);
      r.counter(ifX(13, k), "70", 0, 100);
      r.add(ifX(15, k), "66", 100000);
      r.add(ifX(18, k), "4", "to h" + k);
      r.add(ifX(19, k), "67", discontinuity);
      if (k == PAUSE32_PORT) {
        // only the Counter32 dot3InPauseFrames / dot3OutPauseFrames (an RFC 2665 agent)
        r.wrapping("1.3.6.1.2.1.10.7.10.1.3." + k, "65", 0, 300, TWO_TO_32);
        r.wrapping("1.3.6.1.2.1.10.7.10.1.4." + k, "65", 0, 100, TWO_TO_32);
      } else {
        r.counter("1.3.6.1.2.1.10.7.10.1.5." + k, "70", 0, k == 7 ? 2500 : 0);
        r.counter("1.3.6.1.2.1.10.7.10.1.6." + k, "70", 0, k == 7 ? 500 : 0);
      }
      // CISCO-PFC-EXT-MIB cpfcIfRequests .1, cpfcIfIndications .2 (Counter64, by ifIndex)
      r.counter("1.3.6.1.4.1.9.9.813.1.1.1.1." + k, "70", 0, k == PFC_PORT ? 1200 : 0);
      r.counter("1.3.6.1.4.1.9.9.813.1.1.1.2." + k, "70", 0, k == PFC_PORT ? 800 : 0);
    }
    ifRow(r, 5000, "lo", 24, 10000000);
    r.add(ifX(1, 5000), "4", "lo");
    lldp(r);
    return r;
  }

  private static void lldp(Snmprec r) {
    for (int k = 1; k <= 2; k++) {
      r.add("1.0.8802.1.1.2.1.3.7.1.2." + k, "2", 5); // lldpLocPortIdSubtype interfaceName(5)
      r.add("1.0.8802.1.1.2.1.3.7.1.3." + k, "4", "Ethernet1/" + k);
    }
    // lldpRemTable index: timeMark 0, local port, remIndex
    r.add("1.0.8802.1.1.2.1.4.1.1.6.0.1.1", "2", 5);
    r.add("1.0.8802.1.1.2.1.4.1.1.7.0.1.1", "4", "ens1f0");
    r.add("1.0.8802.1.1.2.1.4.1.1.9.0.1.1", "4", "h1.lab.example");
    r.add("1.0.8802.1.1.2.1.4.1.1.6.0.2.1", "2", 7); // local(7): the port description names it
    r.add("1.0.8802.1.1.2.1.4.1.1.7.0.2.1", "4", "41");
    r.add("1.0.8802.1.1.2.1.4.1.1.8.0.2.1", "4", "Ethernet1/49");
    r.add("1.0.8802.1.1.2.1.4.1.1.9.0.2.1", "4", "spine1");
  }

  /**
   * A Brocade switch, 48 x 32G FC: FCMGMT-MIB connUnitPortTable and connUnitPortStatTable, SW-MIB
   * swFCPortTable, its FC ports also in IF-MIB (ifType 56, left out: the FC MIBs give them) and an
   * Ethernet management port. Port 2's FCMGMT byte counters read 0x80 00.. (unsupported).
   */
  static Snmprec brocade48() {
    Snmprec r = new Snmprec();
    system(r, "fcsw1", "1.3.6.1.4.1.1588.2.1.1.1", 100);
    for (int k = 1; k <= SWITCH_PORTS; k++) {
      String port = "1.3.6.1.3.94.1.10.1.%d." + UNIT_ID + "." + k;
      r.add(String.format(port, 6), "2", 2); // online
      r.add(String.format(port, 15), "2", 3200000); // kilobytes per second
      r.add(String.format(port, 17), "4", "port" + (k - 1));
      String stat = "1.3.6.1.3.94.4.5.1.%d." + UNIT_ID + "." + k;
      if (k == 2) {
        r.add(String.format(stat, 6), "4x", "8000000000000000");
        r.add(String.format(stat, 7), "4x", "8000000000000000");
      } else {
        r.octets64(String.format(stat, 6), 1e12, fcTx(k));
        r.octets64(String.format(stat, 7), 1e12, fcRx(k));
      }
      r.octets64(String.format(stat, 8), 0, fcCreditZeroTicks(k));
      r.octets64(String.format(stat, 28), 0, k == 5 ? 300 : 0);
      r.add(String.format(stat, 39), "4x", "0000000000000000");
      r.add(String.format(stat, 40), "4x", "0000000000000007");
      String sw = "1.3.6.1.4.1.1588.2.1.1.1.6.2.1.%d." + k;
      r.add(String.format(sw, 4), "2", 1);
      r.wrapping(String.format(sw, 11), "65", 0, swTxWords(k), TWO_TO_32);
      r.wrapping(String.format(sw, 12), "65", 0, swRxWords(k), TWO_TO_32);
      r.counter(String.format(sw, 20), "65", 0, k * 1000.0);
      r.counter(String.format(sw, 22), "65", 0, 0);
      r.counter(String.format(sw, 28), "65", 0, 0);
      r.add(String.format(sw, 36), "4", "port" + (k - 1));
      int ifIndex = 1073741823 + k;
      ifRow(r, ifIndex, "FC port 0/" + (k - 1), 56, 4294967295L);
      r.add(ifX(1, ifIndex), "4", "0/" + (k - 1));
      r.counter(ifX(6, ifIndex), "70", 0, fcRx(k));
      r.counter(ifX(10, ifIndex), "70", 0, fcTx(k));
      r.add(ifX(15, ifIndex), "66", 32000);
    }
    ifRow(r, 1, "eth0", 6, 1000000000);
    r.add(ifX(1, 1), "4", "eth0");
    r.counter(ifX(6, 1), "70", 0, 1000);
    r.counter(ifX(10, 1), "70", 0, 2000);
    r.add(ifX(15, 1), "66", 1000);
    return r;
  }

  static final int MDS_PORTS = 8;

  /** Cisco MDS fc1/k: k x 8000 TxWait ticks of 2.5 us a second, k x 2% of the time without credit. */
  static double mdsTxWaitTicks(int k) {
    return k * 8000.0;
  }

  /** The MDS port with credit loss recoveries, 2 a second. */
  static final int MDS_CREDIT_LOSS_PORT = 3;

  /** The MDS port's ifIndex: fc1/k numbered as MDS numbers them, 0x1000000 + (k - 1) x 0x1000. */
  static int mdsIfIndex(int k) {
    return 0x1000000 + (k - 1) * 0x1000;
  }

  /**
   * A Cisco MDS, 8 x 32G FC (sysObjectID under Cisco's enterprise 9; the source does not read it):
   * its FC ports only in IF-MIB (ifType 56, ifHighSpeed 32000, 64-bit octets; fc1/k receives
   * k x 20 MB/s and sends k x 40 MB/s), CISCO-FC-FE-MIB fcIfErrorTable by ifIndex (fcIfTxWaitCount
   * .15 Counter32, fcIfCreditLoss .37 Counter64, fcIfLinkFailures .1 Counter32), no FCMGMT-MIB; and
   * mgmt0, an Ethernet port without FC counters.
   */
  static Snmprec ciscoMds8() {
    Snmprec r = new Snmprec();
    system(r, "mds1", "1.3.6.1.4.1.9.12.3.1.3.1", 100);
    for (int k = 1; k <= MDS_PORTS; k++) {
      int ifIndex = mdsIfIndex(k);
      ifRow(r, ifIndex, "fc1/" + k, 56, 4294967295L);
      r.add(ifX(1, ifIndex), "4", "fc1/" + k);
      r.counter(ifX(6, ifIndex), "70", 0, k * 2.0e7);
      r.counter(ifX(10, ifIndex), "70", 0, k * 4.0e7);
      r.add(ifX(15, ifIndex), "66", 32000);
      String err = "1.3.6.1.4.1.9.9.289.1.2.1.1.%d." + ifIndex;
      r.counter(String.format(err, 1), "65", 0, 0);
      r.wrapping(String.format(err, 15), "65", 0, mdsTxWaitTicks(k), TWO_TO_32);
      r.counter(String.format(err, 37), "70", 0, k == MDS_CREDIT_LOSS_PORT ? 2 : 0);
    }
    ifRow(r, 83886080, "mgmt0", 6, 1000000000);
    r.add(ifX(1, 83886080), "4", "mgmt0");
    r.counter(ifX(6, 83886080), "70", 0, 1000);
    r.counter(ifX(10, 83886080), "70", 0, 2000);
    r.add(ifX(15, 83886080), "66", 1000);
    return r;
  }

  /** eth0's ifInOctets of the appliance rises 100 MB/s from 20 s before 2^32: it wraps 20 s after start. */
  static final double APPLIANCE_RX = 1.0e8;
  static final String APPLIANCE_ETH0_IN_OCTETS = "1.3.6.1.2.1.2.2.1.10.2";

  /**
   * An appliance with 8 CPUs in HOST-RESOURCES-MIB (hrProcessorLoad 10, 20, ... 80) and only the
   * 32-bit ifTable (no ifXTable): eth0 and eth1 at 1 Gb/s, eth0's ifInOctets wrapping soon.
   */
  static Snmprec appliance() {
    Snmprec r = new Snmprec();
    system(r, "app1", "1.3.6.1.4.1.8072.3.2.10", 100);
    for (int i = 0; i < 8; i++) {
      r.add("1.3.6.1.2.1.25.3.3.1.1." + (196608 + i), "6", "0.0");
      r.add("1.3.6.1.2.1.25.3.3.1.2." + (196608 + i), "2", (i + 1) * 10);
    }
    ifRow(r, 1, "lo", 24, 10000000);
    ifRow(r, 2, "eth0", 6, 1000000000);
    r.wrapping(ifTable(10, 2), "65", TWO_TO_32 - 20 * APPLIANCE_RX, APPLIANCE_RX, TWO_TO_32);
    r.wrapping(ifTable(16, 2), "65", 0, 5.0e7, TWO_TO_32);
    ifRow(r, 3, "eth1", 6, 1000000000);
    r.wrapping(ifTable(10, 3), "65", 0, 2.0e7, TWO_TO_32);
    r.wrapping(ifTable(16, 3), "65", 0, 1.0e7, TWO_TO_32);
    return r;
  }

  private static void ifRow(Snmprec r, int ifIndex, String descr, int type, long speed) {
    r.add(ifTable(1, ifIndex), "2", ifIndex);
    r.add(ifTable(2, ifIndex), "4", descr);
    r.add(ifTable(3, ifIndex), "2", type);
    r.add(ifTable(5, ifIndex), "66", speed);
    r.add(ifTable(8, ifIndex), "2", 1);
  }

  static String ifTable(int column, int ifIndex) {
    return "1.3.6.1.2.1.2.2.1." + column + "." + ifIndex;
  }

  static String ifX(int column, int ifIndex) {
    return "1.3.6.1.2.1.31.1.1.1." + column + "." + ifIndex;
  }

  static void write(Snmprec r, Path dir, String community) throws IOException {
    r.write(dir.resolve(community + ".snmprec"));
  }
}
