package io.headroom.collector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.collector.snmp.SnmpMetrics;
import io.headroom.model.EntityKind;
import io.headroom.model.MetricDef;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

/** The docs table follows the declarations: a rename fails the check, and the update mode writes it. */
class MetricDocsTest {
  private static final MetricDef UTIL = new MetricDef("util", "fraction", "gauge",
      EntityKind.set(EntityKind.SWITCH_CPU, EntityKind.HOST_CPU), "Mean processor load / 100.");
  private static final MetricDef RX = new MetricDef("rx_bytes_per_s", "bytes/s", "rate",
      EntityKind.set(EntityKind.NET_PORT), "Bytes received.");

  @Test
  void aMetricRenamedInItsDeclarationAloneFailsTheCheckOfItsPage() {
    List<MetricDef> renamed = new ArrayList<>(SnmpMetrics.ALL);
    MetricDef rx = SnmpMetrics.RX;
    renamed.set(0, new MetricDef("rx_octets_per_s", rx.unit(), rx.type(), rx.kinds(), rx.description()));
    AssertionFailedError e = assertThrows(AssertionFailedError.class,
        () -> MetricDocs.assertDocMatches(MetricDocs.DIR.resolve("snmp.md"), renamed, false));
    assertTrue(e.getMessage().contains("rx_octets_per_s | bytes/s | rate | net_port"), e.getMessage());
  }

  @Test
  void theUpdateModeWritesTheTableFromTheDeclarationsKeepsTheProseAndFails(@TempDir Path dir) throws Exception {
    Path page = dir.resolve("probe.md");
    Files.writeString(page, String.join("\n",
        "# Probe", "", "Prose written by hand.", "",
        "| name | unit | type | kinds | description |", "|---|---|---|---|---|",
        "| utilisation | fraction | gauge | switch_cpu | Old text. |", "", "More prose.", ""));
    AssertionFailedError e = assertThrows(AssertionFailedError.class,
        () -> MetricDocs.assertDocMatches(page, List.of(UTIL, RX), true));
    assertTrue(e.getMessage().startsWith("docs table written: "), e.getMessage());
    assertEquals(String.join("\n",
        "# Probe", "", "Prose written by hand.", "",
        "| name | unit | type | kinds | description |", "|---|---|---|---|---|",
        "| util | fraction | gauge | switch_cpu,host_cpu | Mean processor load / 100. |",
        "| rx_bytes_per_s | bytes/s | rate | net_port | Bytes received. |", "", "More prose.", ""),
        Files.readString(page));
    // an update never passes, not even when nothing changed; the run without the flag is the check
    e = assertThrows(AssertionFailedError.class, () -> MetricDocs.assertDocMatches(page, List.of(UTIL, RX), true));
    assertTrue(e.getMessage().startsWith("docs table rewritten unchanged: "), e.getMessage());
    MetricDocs.assertDocMatches(page, List.of(UTIL, RX), false);
  }

  @Test
  void aPageWithoutTheTableIsRefusedInUpdateModeRatherThanGivenOne(@TempDir Path dir) throws Exception {
    Path page = dir.resolve("bare.md");
    Files.writeString(page, "# Bare\n\nNo table here.\n");
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> MetricDocs.assertDocMatches(page, List.of(UTIL), true));
    assertTrue(e.getMessage().endsWith("has no metrics table (\"| name | unit | type | kinds | description |\" then \"|---|---|---|---|---|\")"),
        e.getMessage());
    assertEquals("# Bare\n\nNo table here.\n", Files.readString(page));
  }
}
