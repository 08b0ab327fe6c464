package io.headroom.collector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaModifier;
import io.headroom.collector.powerstore.PowerStoreSourceFactory;
import io.headroom.collector.source.MetricCatalog;
import io.headroom.collector.source.SourceFactory;
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
    return Catalogs.all().stream();
  }

  @ParameterizedTest(name = "docs/metrics/{0}.md")
  @MethodSource("catalogs")
  void docsPageListsExactlyTheDeclarations(MetricCatalog catalog) throws IOException {
    MetricDocs.assertDocMatches(catalog.type() + ".md", catalog.metrics());
    List<String> names = catalog.metrics().stream().map(MetricDef::name).toList();
    assertEquals(names.size(), new TreeSet<>(names).size(), catalog.type() + " declares a name twice: " + names);
  }

  /**
   * Every source factory the collector ships is registered (a factory missing from
   * META-INF/services would be a source no testbed can name, with no page checked), and the pages
   * in docs/metrics/ are exactly the catalogs': the list comes from the registry, not from here.
   */
  @Test
  void everyShippedSourceIsRegisteredAndEveryPageHasACatalog() throws IOException {
    Set<String> shipped = CollectorMainClasses.ALL.stream()
        .filter(c -> c.isAssignableTo(SourceFactory.class) && !c.isInterface() && !c.getModifiers().contains(JavaModifier.ABSTRACT))
        .map(JavaClass::getName).collect(Collectors.toCollection(TreeSet::new));
    Set<String> registered = SourceRegistry.discovered().factories().stream().map(f -> f.getClass().getName())
        .collect(Collectors.toCollection(TreeSet::new));
    assertEquals(shipped, registered, "source factories not registered in META-INF/services");
    assertTrue(registered.contains(PowerStoreSourceFactory.class.getName()), registered.toString()); // the scan found classes
    Set<String> types = catalogs().map(MetricCatalog::type).collect(Collectors.toCollection(TreeSet::new));
    try (Stream<java.nio.file.Path> pages = Files.list(MetricDocs.DIR)) {
      Set<String> documented = pages.map(p -> p.getFileName().toString().replaceFirst("\\.md$", ""))
          .collect(Collectors.toCollection(TreeSet::new));
      assertEquals(types, documented, "docs/metrics/ pages without a catalog, or catalogs without a page");
    }
  }
}
