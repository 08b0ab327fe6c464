package io.headroom.collector.prometheus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.headroom.config.ConfigException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The mapping files' format: what is refused, named with the file and the key, and the id templates. */
class MappingFilesTest {
  @TempDir Path dir;

  @Test
  void theShippedMappingsLoadAndReadEveryReadingThroughADeclaration() throws Exception {
    List<ExporterMapping> shipped = MappingFiles.load(null);
    assertEquals(List.of("node_exporter", "if_mib", "idrac_telemetry"), shipped.stream().map(ExporterMapping::exporter).toList());
    for (ExporterMapping m : shipped) {
      for (ExporterMapping.EntityRule r : m.entities()) {
        r.readings().forEach(reading -> assertEquals(reading.metric(), PrometheusMetrics.named(reading.metric().name()).orElseThrow()));
      }
    }
  }

  @Test
  void everyProblemIsNamedWithItsFileAndKey() throws Exception {
    Path file = dir.resolve("bad.yaml");
    Files.writeString(file, """
        exporter: bad
        host: {by: instance}
        entities:
          - kind: disc
            id: "{host}/disk/{device}"
            readings: {read_iops: 'irate(x[$window])'}
          - kind: disk
            id: "{host}/disk/{device}"
            readings: {rx_bytes_per_s: 'irate(x[$window])', read_iopz: 'x', util: ''}
        """);
    ConfigException e = assertThrows(ConfigException.class, () -> MappingFiles.read(file));
    assertEquals(file + ": host.series: needed; "
        + "entities[0].kind: \"disc\" is not an entity kind (" + String.join(", ", io.headroom.model.EntityKind.ALL) + "); "
        + "entities[1].readings.rx_bytes_per_s: not a metric of a disk (it is of net_port); "
        + "entities[1].readings.read_iopz: not a metric a mapping may give (docs/metrics/prometheus.md); "
        + "entities[1].readings.util: a PromQL query is needed", e.getMessage());
  }

  @Test
  void aUserFolderReplacesTheShippedMappingOfTheSameExporter() throws Exception {
    Files.writeString(dir.resolve("mine.yaml"), """
        exporter: if_mib
        host: {by: instance, series: sysUpTime}
        entities:
          - kind: net_port
            id: "{host}/port/{ifName|id}"
            readings: {rx_bytes_per_s: 'irate(ifHCInOctets[$window])'}
        """);
    List<ExporterMapping> all = MappingFiles.load(dir);
    ExporterMapping ifMib = all.stream().filter(m -> m.exporter().equals("if_mib")).findFirst().orElseThrow();
    assertEquals(dir.resolve("mine.yaml").toString(), ifMib.file());
    assertEquals(MappingFiles.SHIPPED.size(), all.size(), "replaced, not added");
  }

  @Test
  void idTemplatesTakeLabelsAndTheHostAndEncodeAsTheSnmpSourceDoes() {
    assertEquals("h1/disk/nvme0n1", Template.fill("{host}/disk/{device}", "h1", Map.of("device", "nvme0n1")));
    // ids of ports as the SNMP source makes them (source.IdPart): '/' kept, a space percent-encoded
    assertEquals("sw1/port/Ethernet1/49", Template.fill("{host}/port/{ifName|id}", "sw1", Map.of("ifName", "Ethernet1/49")));
    assertEquals("sw1/port/FC%20port%200/0", Template.fill("{host}/port/{ifName|id}", "sw1", Map.of("ifName", "FC port 0/0")));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Template.fill("{host}/disk/{device}", "h1", Map.of("dev", "sda")));
    assertEquals("the series has no label device ({host}/disk/{device})", e.getMessage());
  }

  @Test
  void hostNamesAreCutAtTheirDomainAndAddressesLoseTheirPort() {
    assertEquals("vm", HostNames.cut("vm.example.com", "."));
    assertEquals("10.0.0.5", HostNames.withoutPort("10.0.0.5:9100"));
    assertEquals("::1", HostNames.withoutPort("[::1]:9100"));
    assertEquals("sw1", HostNames.withoutPort("sw1"));
  }

  @Test
  void aCeilingsSpeedIsItsValueTimesTheFactorOrItsLabelsText() {
    PromApi.Series speed = new PromApi.Series(Map.of(), new double[] {1}, new double[] {1.25e9});
    assertEquals(1e10, PrometheusReader.bitsPerS(new ExporterMapping.Ceiling("q", 8, null), speed));
    PromApi.Series fc = new PromApi.Series(Map.of("speed", "16 Gbit"), new double[] {1}, new double[] {1});
    assertEquals(16e9, PrometheusReader.bitsPerS(new ExporterMapping.Ceiling("q", 0, "speed"), fc));
    PromApi.Series unknown = new PromApi.Series(Map.of("speed", "unknown"), new double[] {1}, new double[] {1});
    assertEquals(Double.NaN, PrometheusReader.bitsPerS(new ExporterMapping.Ceiling("q", 0, "speed"), unknown));
  }
}
