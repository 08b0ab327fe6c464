package io.headroom.app;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * Issue 42's "arrows running up": the app's packages form layers (report below api, cli and
 * service on top), so no package may depend on one that depends on it. A cycle is what an arrow
 * running up makes ({@code report.ReportPage} once called {@code api.TopologyViews} while the api
 * serves the report page).
 */
class PackageCyclesArchitectureTest {
  private static final JavaClasses MAIN = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages("io.headroom.app");

  @Test
  void theAppsPackagesDependOnEachOtherOneWayOnly() {
    slices().matching("io.headroom.app.(*)..").should().beFreeOfCycles().check(MAIN);
  }
}
