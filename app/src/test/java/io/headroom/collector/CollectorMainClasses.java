package io.headroom.collector;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;

/**
 * The main classes of the collector's core and of every source family, as the architecture tests
 * read them from app's test classpath: the families' jars (or target/classes in a reactor build),
 * without test classes, whether they come as target/test-classes or as the core's test-jar
 * (the golden harness the families' tests share), which ArchUnit's own option does not recognise.
 */
final class CollectorMainClasses {
  static final JavaClasses ALL = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .withImportOption(location -> !location.contains("-tests.jar"))
      .importPackages("io.headroom.collector");

  private CollectorMainClasses() {
  }
}
