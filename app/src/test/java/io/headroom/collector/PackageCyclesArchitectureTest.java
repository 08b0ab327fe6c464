package io.headroom.collector;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import org.junit.jupiter.api.Test;

/**
 * Issue 42's "arrows running up": the collector's packages form layers (source and remote below,
 * the sources above them, runtime and capture above those), so no package may depend on one that
 * depends on it. A cycle is what an arrow running up makes ({@code source.SourceContext} once
 * imported {@code snmp.VarbindListener} while every snmp class imports source).
 */
class PackageCyclesArchitectureTest {
  private static final JavaClasses MAIN = CollectorMainClasses.ALL;

  @Test
  void theCollectorsPackagesDependOnEachOtherOneWayOnly() {
    slices().matching("io.headroom.collector.(*)..").should().beFreeOfCycles().check(MAIN);
  }
}
