package io.headroom.app.prometheus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import io.headroom.analyzer.remotewrite.DerivedSeries;
import io.headroom.remotewrite.PromNames;
import io.headroom.app.service.RemoteWriteService;
import io.headroom.collector.source.MetricCatalog;
import io.headroom.collector.source.SourceRegistry;
import io.headroom.model.MetricDef;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * docs/metrics/prometheus-names.md lists every declared metric with the Prometheus name remote write and
 * the scrape endpoint give it, exactly as {@link PromNames} makes it from the declarations (the
 * one catalog); no two Headroom metrics share a Prometheus name. {@code -Dheadroom.golden.update=true}
 * writes the table from the declarations and fails, so the diff is reviewed.
 */
class PrometheusNamesDocsTest {
  private static final Path PAGE = Path.of("../docs/metrics/prometheus-names.md");
  private static final String BEGIN = "<!-- names: written from the declarations, checked by PrometheusNamesDocsTest -->\n";
  private static final String END = "<!-- end of names -->\n";

  @Test
  void thePageListsEveryDeclaredMetricWithItsPrometheusName() throws Exception {
    PromNames names = RemoteWriteService.names();
    Map<String, MetricDef> declared = new TreeMap<>();
    for (MetricCatalog c : SourceRegistry.allCatalogs()) {
      c.metrics().forEach(d -> declared.putIfAbsent(d.name(), d));
    }
    Map<String, String> byPromName = new TreeMap<>();
    StringBuilder table = new StringBuilder("| metric | unit | Prometheus name |\n|---|---|---|\n");
    for (MetricDef d : declared.values()) {
      String prom = names.of(d.name());
      String other = byPromName.put(prom, d.name());
      if (other != null) {
        fail(d.name() + " and " + other + " would both be " + prom);
      }
      table.append("| ").append(d.name()).append(" | ").append(d.unit()).append(" | ").append(prom).append(" |\n");
    }
    for (String derived : java.util.List.of(DerivedSeries.PHASE_INFO, DerivedSeries.BOTTLENECK, DerivedSeries.HEADROOM_RATIO)) {
      assertEquals(null, byPromName.get(derived), derived + " is a phase/verdict series and a reading's name");
    }
    String page = Files.readString(PAGE);
    int from = page.indexOf(BEGIN);
    int to = page.indexOf(END);
    if (from < 0 || to < from) {
      fail(PAGE + " has no names table between the markers " + BEGIN.strip() + " and " + END.strip());
    }
    String written = page.substring(0, from + BEGIN.length()) + table + page.substring(to);
    if (Boolean.getBoolean("headroom.golden.update") && !written.equals(page)) {
      Files.writeString(PAGE, written);
      fail(PAGE + " rewritten from the declarations: review the diff");
    }
    assertEquals(table.toString(), page.substring(from + BEGIN.length(), to));
  }
}
