package io.headroom.collector;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.collector.source.MetricCatalog;
import io.headroom.collector.source.SourceRegistry;
import io.headroom.model.MetricDef;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * One check for every metric catalog on the class path (each registered source, the benchmark
 * runner, the collector's own health): docs/metrics/TYPE.md lists exactly its declarations, field
 * for field and in order, and no name is declared twice. A new source gets this by registering.
 */
class MetricCatalogDocsTest {
  static Stream<MetricCatalog> catalogs() {
    return SourceRegistry.catalogs().stream();
  }

  @ParameterizedTest(name = "docs/metrics/{0}.md")
  @MethodSource("catalogs")
  void docsPageListsExactlyTheDeclarations(MetricCatalog catalog) throws IOException {
    MetricDocs.assertDocMatches(catalog.type() + ".md", catalog.metrics());
    List<String> names = catalog.metrics().stream().map(MetricDef::name).toList();
    assertEquals(names.size(), new TreeSet<>(names).size(), catalog.type() + " declares a name twice: " + names);
  }

  @Test
  void everyShippedPartIsRegisteredAndEveryPageHasACatalog() throws IOException {
    Set<String> types = catalogs().map(MetricCatalog::type).collect(Collectors.toCollection(TreeSet::new));
    // the host, declared, array (powerstore, ontap, flashblade), redfish and snmp sources, the benchmark runner (fio.md) and the collector's health
    assertEquals(Set.of("collector", "declared", "fio", "flashblade", "host", "ontap", "powerstore", "redfish", "snmp"), types);
    try (Stream<java.nio.file.Path> pages = Files.list(MetricDocs.DIR)) {
      Set<String> documented = pages.map(p -> p.getFileName().toString().replaceFirst("\\.md$", ""))
          .collect(Collectors.toCollection(TreeSet::new));
      assertEquals(types, documented, "docs/metrics/ pages without a catalog, or catalogs without a page");
    }
  }
}
