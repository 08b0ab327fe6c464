package io.headroom.collector.powerstore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.headroom.config.ConfigException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** PowerStore's speed names and metric intervals, as its API spells them. */
class PortSpeedsTest {
  @Test
  void speedNamesAreBitsPerSecond() {
    assertEquals(32e9, PortSpeeds.bitsPerSecond("32_Gbps"));   // 32 x 1e9
    assertEquals(100e9, PortSpeeds.bitsPerSecond("100_Gbps")); // 100 x 1e9
    assertEquals(10e6, PortSpeeds.bitsPerSecond("10_Mbps"));   // 10 x 1e6
    assertEquals(Double.NaN, PortSpeeds.bitsPerSecond("Auto"));
    assertEquals(Double.NaN, PortSpeeds.bitsPerSecond(null));
    assertEquals(Double.NaN, PortSpeeds.bitsPerSecond("32_Gbps_Max")); // the whole name, not a prefix
  }

  @Test
  void ceilingsAreEthernetBitsOverEightAndFcOneHundredMegabytesAGigabit() {
    assertEquals(3.125e9, PortSpeeds.ceiling(false, 25e9)); // 25e9 / 8
    assertEquals(3.2e9, PortSpeeds.ceiling(true, 32e9));    // 32 Gbit x 1e8 B/s
    assertEquals(1.6e9, PortSpeeds.ceiling(true, 16e9));    // 16 x 1e8
  }

  @Test
  void theFourIntervalsByTheirApiNames() throws ConfigException {
    PowerStoreInterval twenty = PowerStoreInterval.of(null, "ps1"); // absent: the default, 20 s
    assertEquals("Twenty_Sec", twenty.apiName());
    assertEquals(20.0, twenty.seconds());                            // 20,000 ms / 1000
    assertEquals("Five_Mins", PowerStoreInterval.of(Duration.ofMinutes(5), "ps1").apiName());
    assertEquals(300.0, PowerStoreInterval.of(Duration.ofMinutes(5), "ps1").seconds());
    assertEquals("One_Hour", PowerStoreInterval.of(Duration.ofHours(1), "ps1").apiName());
    assertEquals("One_Day", PowerStoreInterval.of(Duration.ofDays(1), "ps1").apiName());
  }

  @Test
  void anyOtherIntervalIsRefusedNamingTheFour() {
    ConfigException e = assertThrows(ConfigException.class, () -> PowerStoreInterval.of(Duration.ofSeconds(10), "ps1"));
    assertEquals("ps1: interval: 10s is not a PowerStore metric interval; use one of 20s, 5m, 1h, 24h", e.getMessage());
  }
}
