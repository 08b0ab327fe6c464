package io.headroom.collector.redfish;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/**
 * A port's counters from Dell's NIC and FC port metrics and from DMTF PortMetrics. The slots, in
 * order: rx bytes, tx bytes, rx packets, tx packets, errors, discards, pause, link failures.
 */
class PortReadingTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static PortReading dell(String... docs) throws Exception {
    PortReading r = new PortReading();
    for (String d : docs) {
      r.addDell(JSON.readTree(d));
    }
    return r;
  }

  @Test
  void dellNicCountersAreSummedByKind() throws Exception {
    PortReading r = dell("{\"RxBytes\":1000,\"TxBytes\":2000,\"RxUnicastPackets\":10,\"RxMutlicastPackets\":2,"
        + "\"RxBroadcast\":1,\"TxUnicastPackets\":20,\"TxMutlicastPackets\":3,\"RxErrorPktFCSErrors\":1,"
        + "\"RxErrorPktAlignmentErrors\":2,\"RxJabberPkt\":3,\"RxRuntPkt\":4,\"TxErrorPktExcessiveCollision\":5,"
        + "\"TxErrorPktLateCollision\":6,\"DiscardedPkts\":7,\"RxPauseXONFrames\":8,\"RxPauseXOFFFrames\":9}");
    // rx packets 10 + 2 + 1 = 13; tx 20 + 3 (broadcast absent) = 23; errors 1 + ... + 6 = 21; pause 8 + 9 = 17
    assertArrayEquals(new long[] {1000, 2000, 13, 23, 21, 7, 17, 0}, r.values);
    assertArrayEquals(new boolean[] {true, true, true, true, true, true, true, false}, r.present);
  }

  @Test
  void twoPartitionsOfOnePortAdd() throws Exception {
    PortReading r = dell("{\"RxBytes\":1000,\"TxBytes\":0}", "{\"RxBytes\":500,\"DiscardedPkts\":null}");
    // NPAR: 1000 + 500 rx; tx 0 is present (a zero), discards null is absent
    assertArrayEquals(new long[] {1500, 0, 0, 0, 0, 0, 0, 0}, r.values);
    assertArrayEquals(new boolean[] {true, true, false, false, false, false, false, false}, r.present);
  }

  @Test
  void dellInfiniBandDataCountersAreFourByteWords() throws Exception {
    PortReading r = dell("{\"TotalPortReceiveData\":1000,\"TotalPortTransmitData\":250,\"TotalPortReceivePackets\":7,"
        + "\"TotalPortTransmitPackets\":8,\"TotalPortReceiveErrors\":1,\"TotalSymbolErrorCounter\":2,"
        + "\"TotalPortTransmitDiscard\":3,\"TotalVL15Dropped\":null,\"TotalLinkDownedCounter\":1,"
        + "\"TotalLinkErrorRecoveryCounter\":4,\"TotalPortTransmitWait\":99,\"RxBytes\":null,\"RDMATxTotalBytes\":5}");
    // IBTA PortRcvData/PortXmitData count 4-octet words: 1000 x 4 = 4000 B, 250 x 4 = 1000 B; errors 1 + 2 = 3;
    // discards 3 (VL15 null absent); link failures 1 + 4 = 5; PortXmitWait (ticks) is no pause count; RDMA bytes not added
    assertArrayEquals(new long[] {4000, 1000, 7, 8, 3, 3, 0, 5}, r.values);
    assertArrayEquals(new boolean[] {true, true, true, true, true, true, false, true}, r.present);
  }

  @Test
  void dellFcCountersInKilobytesAndLinkFailuresWithLossOfSignal() throws Exception {
    PortReading r = dell("{\"FCRxKBCount\":2,\"FCTxKBCount\":3,\"FCRxTotalFrames\":5,\"FCTxTotalFrames\":6,"
        + "\"FCInvalidCRCs\":4,\"FCLinkFailures\":1,\"FCLossOfSignals\":2,\"RxBytes\":99999}");
    // 2 KB x 1024 = 2048 B, 3 x 1024 = 3072; link failures 1 + 2 = 3; the NIC names are not read on an FC port
    assertArrayEquals(new long[] {2048, 3072, 5, 6, 4, 0, 0, 3}, r.values);
    assertArrayEquals(new boolean[] {true, true, true, true, true, false, false, true}, r.present);
  }

  @Test
  void anFcPortThatReportsOnlyWhatItSent() throws Exception {
    PortReading r = dell("{\"FCTxKBCount\":1,\"FCRxKBCount\":null}");
    assertArrayEquals(new long[] {0, 1024, 0, 0, 0, 0, 0, 0}, r.values);
    assertArrayEquals(new boolean[] {false, true, false, false, false, false, false, false}, r.present);
  }

  @Test
  void dmtfPortMetricsWithTheirNetworkingPart() throws Exception {
    PortReading r = new PortReading();
    r.addPortMetrics(JSON.readTree("{\"RXBytes\":100,\"TXBytes\":200,\"RXErrors\":1,\"TXErrors\":2,\"Networking\":"
        + "{\"RXFrames\":10,\"TXFrames\":20,\"RXDiscards\":3,\"TXDiscards\":4,\"RXPauseXONFrames\":5,\"RXPauseXOFFFrames\":6}}"));
    // errors 1 + 2 = 3; discards 3 + 4 = 7; pause 5 + 6 = 11
    assertArrayEquals(new long[] {100, 200, 10, 20, 3, 7, 11, 0}, r.values);
    assertTrue(r.any());
  }

  @Test
  void aReadingWithNothingPresentIsNone() throws Exception {
    PortReading r = new PortReading();
    assertFalse(r.any());
    r.addPortMetrics(JSON.readTree("{\"RXBytes\":null}"));
    assertFalse(r.any());
    r.addPortMetrics(JSON.readTree("{\"Networking\":{\"RXPauseXOFFFrames\":0}}")); // the last slot but one
    assertTrue(r.any());
  }
}
