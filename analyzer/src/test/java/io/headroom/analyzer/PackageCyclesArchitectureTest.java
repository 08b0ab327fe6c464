package io.headroom.analyzer;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * Issue 42's "arrows running up": the analyzer's packages form layers (data and store below,
 * detect and analysis on data, ingest and live above store), so no package may depend on one
 * that depends on it. A cycle is what an arrow running up makes ({@code store.SampleStore} once
 * called {@code ingest.SqlFailure} while ingest stores through store).
 */
class PackageCyclesArchitectureTest {
  private static final JavaClasses MAIN = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages("io.headroom.analyzer");

  @Test
  void theAnalyzersPackagesDependOnEachOtherOneWayOnly() {
    slices().matching("io.headroom.analyzer.(*)..").should().beFreeOfCycles().check(MAIN);
  }
}
