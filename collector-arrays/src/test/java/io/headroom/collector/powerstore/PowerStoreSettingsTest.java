package io.headroom.collector.powerstore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.headroom.config.ConfigException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The powerstore source's own keys' defaults and bounds, and the metric intervals it accepts. */
class PowerStoreSettingsTest {
  @Test
  void unsetKeysTakeTheirDocumentedDefaults() {
    PowerStoreSettings s = new PowerStoreSettings(null, null, null);
    assertEquals(true, s.volumeMetrics()); // docs/configuration.md: volume_metrics true
    assertEquals(64, s.maxVolumes()); // max_volumes 64
    assertEquals(PowerStoreSettings.CpuUnit.FRACTION, s.unit());
  }

  @Test
  void setKeysAreKeptAsSet() {
    PowerStoreSettings s = new PowerStoreSettings(PowerStoreSettings.CpuUnit.PERCENT, false, 3);
    assertEquals(false, s.volumeMetrics());
    assertEquals(3, s.maxVolumes());
    assertEquals(PowerStoreSettings.CpuUnit.PERCENT, s.unit());
    assertEquals(100.0, s.unit().full()); // percent: 100 is every core busy
    assertEquals(1.0, PowerStoreSettings.CpuUnit.FRACTION.full());
  }

  @Test
  void maxVolumesZeroIsValidAndBelowZeroIsRefused() {
    assertEquals(List.of(), new PowerStoreSettings(null, null, 0).validate());
    assertEquals(List.of("max_volumes: must be 0 or more"), new PowerStoreSettings(null, null, -1).validate());
  }

  @Test
  void eachMetricIntervalOfTheArrayHasItsApiNameAndSeconds() throws ConfigException {
    PowerStoreInterval unset = PowerStoreInterval.of(null, "ps1");
    assertEquals("Twenty_Sec", unset.apiName()); // the default, 20 s
    assertEquals(20.0, unset.seconds());
    assertEquals("Five_Mins", PowerStoreInterval.of(Duration.ofMinutes(5), "ps1").apiName());
    assertEquals(300.0, PowerStoreInterval.of(Duration.ofMinutes(5), "ps1").seconds()); // 5 x 60
    assertEquals("One_Hour", PowerStoreInterval.of(Duration.ofHours(1), "ps1").apiName());
    assertEquals(86_400.0, PowerStoreInterval.of(Duration.ofDays(1), "ps1").seconds()); // 24 x 3600
  }

  @Test
  void anotherIntervalIsRefusedNamingTheOnesTheArrayHas() {
    ConfigException e = assertThrows(ConfigException.class, () -> PowerStoreInterval.of(Duration.ofSeconds(30), "ps1"));
    assertEquals("ps1: interval: 30s is not a PowerStore metric interval; use one of 20s, 5m, 1h, 24h", e.getMessage());
  }

  @Test
  void theFactoryRegistersTypePowerstoreWithItsTwelveMetrics() {
    PowerStoreSourceFactory f = new PowerStoreSourceFactory();
    assertEquals("powerstore", f.type());
    // util, 7 I/O metrics (iops, bytes, latency read and write, io size), 4 port metrics (rx, tx, errors, discards)
    assertEquals(12, f.metrics().size());
    assertEquals(PowerStoreMetrics.ALL, f.metrics());
  }
}
