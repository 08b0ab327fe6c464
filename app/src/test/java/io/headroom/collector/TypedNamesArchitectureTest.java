package io.headroom.collector;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import io.headroom.collector.runtime.RecordingSink;
import io.headroom.collector.source.Scrape;
import io.headroom.model.MetricDef;
import io.headroom.model.Relation;
import io.headroom.model.Sample;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Issue 42's "no sample emitted by a literal name", checked on the collector's compiled main
 * classes: a sample's metric name comes from its {@link MetricDef} (through
 * {@code Scrape.sample(entity, MetricDef, value)} or {@code MetricDef.sample}), a relation's from
 * {@code Rel}, and declarations live in the {@code *Metrics} classes the docs pages are checked
 * against. A string name has no way in: the only constructors and methods that take one are
 * forbidden here, with the one class that copies already-named readings excepted.
 */
class TypedNamesArchitectureTest {
  private static final JavaClasses MAIN = CollectorMainClasses.ALL;

  /** new Sample(ts, entity, "name", value): only RecordingSink, copying the scrape's readings to a recording. */
  static final ArchRule SAMPLES_BY_DECLARATION = noClasses()
      .that().doNotHaveFullyQualifiedName(RecordingSink.class.getName())
      .should().callConstructor(Sample.class, double.class, String.class, String.class, double.class)
      .because("a sample is named by its declaration: MetricDef.sample(ts, entity, value)");

  /** Scrape.sample(Sample) forwards a sample named elsewhere (the app's benchmark records): no source does. */
  static final ArchRule NO_FORWARDED_SAMPLES = noClasses()
      .should().callMethod(Scrape.class, "sample", Sample.class)
      .because("a source emits through its declarations: Scrape.sample(entity, MetricDef, value)");

  /** Scrape.Reading holds the name a declaration gave: only Scrape makes one. */
  static final ArchRule READINGS_BY_SCRAPE = noClasses()
      .that().doNotHaveFullyQualifiedName(Scrape.class.getName())
      .should().callConstructor(Scrape.Reading.class, double.class, String.class, double.class)
      .because("a reading is made by Scrape.sample from a declaration");

  static final ArchRule RELATIONS_BY_REL = noClasses()
      .should().callConstructor(Relation.class, String.class, String.class, String.class)
      .because("a relation is named by Rel: new Relation(from, Rel.X, to), Scrape.relation(from, Rel.X, to)");

  /** Declarations sit in the catalogs' classes (HostMetrics, SnmpMetrics, ...), where the docs test finds them. */
  static final ArchRule DECLARATIONS_IN_CATALOGS = noClasses()
      .that().haveSimpleNameNotEndingWith("Metrics")
      .should().callConstructor(MetricDef.class, String.class, String.class, String.class, Set.class, String.class)
      .because("a metric is declared once, in its source's *Metrics class (docs/metrics/ is checked against those)");

  @Test
  void theImportSeesTheEmittersTheRulesAreAbout() {
    // a wrong package or import option would make every rule hold over nothing
    for (String emitter : List.of("io.headroom.collector.host.CpuTimes", "io.headroom.collector.snmp.PortRates",
        "io.headroom.collector.workload.FioIntervalTracker", "io.headroom.collector.linux.BlockStats",
        "io.headroom.collector.runtime.RecordingSink")) {
      assertTrue(MAIN.contain(emitter), emitter);
    }
    assertTrue(MAIN.stream().noneMatch(c -> c.getSimpleName().endsWith("Test")), "test classes were imported");
  }

  @Test
  void noSampleIsNamedByAString() {
    SAMPLES_BY_DECLARATION.check(MAIN);
    NO_FORWARDED_SAMPLES.check(MAIN);
    READINGS_BY_SCRAPE.check(MAIN);
  }

  @Test
  void noRelationIsNamedByAString() {
    RELATIONS_BY_REL.check(MAIN);
  }

  @Test
  void metricsAreDeclaredInTheCatalogClasses() {
    DECLARATIONS_IN_CATALOGS.check(MAIN);
  }

  /** What each rule is there to catch, compiled as a source would write it. */
  static final class LiteralEmitter {
    void emit(Scrape scrape, java.util.function.Consumer<Object> sink) {
      scrape.sample(new Sample(scrape.ts(), "h1/cpu", "util", 0.5));
      sink.accept(new Scrape.Reading(scrape.ts(), "util", 0.5));
      sink.accept(new Relation("h1/disk/sda", "behind", "h1/pcie/0000:01:00.0"));
      sink.accept(new MetricDef("util", "fraction", "gauge", Set.of("host_cpu"), "CPU busy share."));
    }
  }

  @Test
  void eachRuleCatchesTheStringFormItForbids() {
    JavaClasses offender = new ClassFileImporter().importClasses(LiteralEmitter.class);
    for (ArchRule rule : List.of(SAMPLES_BY_DECLARATION, NO_FORWARDED_SAMPLES, READINGS_BY_SCRAPE, RELATIONS_BY_REL,
        DECLARATIONS_IN_CATALOGS)) {
      EvaluationResult result = rule.evaluate(offender);
      assertTrue(result.hasViolation(), rule.getDescription());
      assertEquals(1, result.getFailureReport().getDetails().size(), result.getFailureReport().toString());
    }
  }
}
