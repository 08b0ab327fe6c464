package io.headroom.collector.powerstore;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.headroom.collector.source.Scrape;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** One metrics/generate row into readings: the 20 s names, the avg_ roll-ups, units, absent fields. */
class RowReadingsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final double TS = 1_764_583_220; // the row's own time, kept on every reading

  private static JsonNode row(String json) throws Exception {
    return JSON.readTree(json);
  }

  /** The readings of entity "e" by metric; each is checked to carry the row's time. */
  private static Map<String, Double> read(Scrape s) {
    Map<String, Double> out = new TreeMap<>();
    for (Scrape.Reading r : s.readings().getOrDefault("e", java.util.List.of())) {
      assertEquals(TS, r.ts(), r.metric());
      out.put(r.metric(), r.value());
    }
    return out;
  }

  @Test
  void aTwentySecondRowOfANodeGivesEveryIoReading() throws Exception {
    Scrape s = new Scrape(1);
    RowReadings.io(s, TS, "e", row("{\"read_iops\":9300,\"write_iops\":3100,\"read_bandwidth\":1.2e9,"
        + "\"write_bandwidth\":4.0e8,\"avg_read_latency\":450,\"avg_write_latency\":1250,\"avg_io_size\":131072}"));
    assertEquals(Map.of("read_iops", 9300.0, "write_iops", 3100.0, "read_bytes_per_s", 1.2e9,
        "write_bytes_per_s", 4.0e8,
        "read_latency_s", 450e-6,     // 450 us / 1e6
        "write_latency_s", 1250e-6,   // 1,250 us / 1e6
        "io_size_bytes", 131072.0), read(s));
  }

  @Test
  void aRollUpRowIsReadByItsAvgNamesAndAbsentFieldsGiveNoReading() throws Exception {
    Scrape s = new Scrape(1);
    // a Five_Mins roll-up: avg_ names only; no write figures at all, and read_iops as text is not a number
    RowReadings.io(s, TS, "e", row("{\"read_iops\":\"12\",\"avg_read_iops\":800,\"avg_read_bandwidth\":6.4e7}"));
    assertEquals(Map.of("read_iops", 800.0, "read_bytes_per_s", 6.4e7), read(s));
  }

  @Test
  void theFirstNamePresentWins() {
    JsonNode both = JSON.createObjectNode().put("read_iops", 10).put("avg_read_iops", 20);
    assertEquals(10.0, RowReadings.field(both, "read_iops", "avg_read_iops"));
    assertEquals(Double.NaN, RowReadings.field(both, "write_iops", "avg_write_iops"));
  }

  @Test
  void cpuIsAFractionOfItsUnitsFullMark() throws Exception {
    assertEquals(0.935, RowReadings.cpu(row("{\"io_workload_cpu_utilization\":93.5}"), PowerStoreSettings.CpuUnit.PERCENT),
        1e-12); // 93.5 / 100
    assertEquals(0.42, RowReadings.cpu(row("{\"avg_io_workload_cpu_utilization\":0.42}"), PowerStoreSettings.CpuUnit.FRACTION));
    assertEquals(Double.NaN, RowReadings.cpu(row("{}"), PowerStoreSettings.CpuUnit.PERCENT));
  }

  @Test
  void anEthernetPortSumsItsErrorsEachWay() throws Exception {
    Scrape s = new Scrape(1);
    RowReadings.ethPort(s, TS, "e", row("{\"bytes_rx_ps\":1.25e9,\"bytes_tx_ps\":2.5e8,\"pkt_rx_crc_error_ps\":3,"
        + "\"pkt_tx_error_ps\":2,\"pkt_rx_no_buffer_error_ps\":7}"));
    // errors: 3 rx CRC + 2 tx = 5
    assertEquals(Map.of("rx_bytes_per_s", 1.25e9, "tx_bytes_per_s", 2.5e8, "errors_per_s", 5.0, "discards_per_s", 7.0),
        read(s));
    Scrape avg = new Scrape(1);
    RowReadings.ethPort(avg, TS, "e", row("{\"avg_bytes_rx_ps\":10,\"avg_bytes_tx_ps\":20,\"avg_pkt_rx_crc_error_ps\":1,"
        + "\"avg_pkt_tx_error_ps\":4,\"avg_pkt_rx_no_buffer_error_ps\":0}"));
    assertEquals(Map.of("rx_bytes_per_s", 10.0, "tx_bytes_per_s", 20.0, "errors_per_s", 5.0, "discards_per_s", 0.0),
        read(avg));
  }

  @Test
  void anFcPortReceivesTheHostsWritesAndSendsTheirReads() throws Exception {
    Scrape s = new Scrape(1);
    RowReadings.fcPort(s, TS, "e", row("{\"read_bandwidth\":3.0e9,\"write_bandwidth\":1.0e9,\"invalid_crc_count_ps\":2,"
        + "\"dumped_frames_ps\":1}"));
    assertEquals(Map.of("rx_bytes_per_s", 1.0e9, "tx_bytes_per_s", 3.0e9, "errors_per_s", 2.0, "discards_per_s", 1.0),
        read(s));
    Scrape avg = new Scrape(1);
    RowReadings.fcPort(avg, TS, "e", row("{\"avg_read_bandwidth\":6,\"avg_write_bandwidth\":5,\"avg_invalid_crc_count_ps\":4,"
        + "\"avg_dumped_frames_ps\":3}"));
    assertEquals(Map.of("rx_bytes_per_s", 5.0, "tx_bytes_per_s", 6.0, "errors_per_s", 4.0, "discards_per_s", 3.0),
        read(avg));
  }
}
