package io.headroom.collector;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.collector.source.MetricCatalog;
import io.headroom.model.MetricDef;
import io.headroom.model.recording.Domains.SampleDomain;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The recording format judges a reading by its metric's name alone (docs/recording-format.md,
 * "Domains": {@code util}, {@code *_fraction} are shares, {@code *_per_s}, {@code *_s} are never
 * negative). A declaration says its unit: the two must agree, so a metric renamed in its
 * declaration into another domain (util to utilization, a share becoming "any finite number") fails
 * here instead of changing what the analyzer accepts.
 */
class CatalogDomainsTest {
  /**
   * Declared metrics the name rules leave at "any finite number" whatever their unit: a recording
   * or batch may carry any value for them. Listed so that a new one is a decision, not an accident.
   */
  private static final Map<String, SampleDomain> NAME_RULES_MISS = Map.of(
      // shares without a share's name (util, util_*, psi_*, *_fraction, *_ratio)
      "bmc_io_usage", SampleDomain.FINITE, "bmc_memory_usage", SampleDomain.FINITE,
      "bmc_system_usage", SampleDomain.FINITE, "cpu_util_max", SampleDomain.FINITE,
      "headroom_util", SampleDomain.FINITE, "optimal_util", SampleDomain.FINITE,
      // rates without a rate's suffix
      "headroom_ops", SampleDomain.FINITE, "optimal_ops", SampleDomain.FINITE,
      // recording-format.md says "scrape_* counts" are 0 or more; Domains lists them by name and has not this one
      "scrape_refused_records", SampleDomain.FINITE);
  /** 1 or 0: a flag, not a quantity; its name gives it no rule and needs none. */
  private static final Set<String> FLAGS = Set.of("boolean");

  private static SampleDomain fromUnit(String unit) {
    if (unit.equals("fraction")) {
      return SampleDomain.FRACTION;
    }
    return FLAGS.contains(unit) ? SampleDomain.FINITE : SampleDomain.NON_NEGATIVE;
  }

  @Test
  void everyDeclaredUnitAgreesWithTheDomainItsNameGets() {
    Map<String, String> disagree = new TreeMap<>();
    for (MetricCatalog c : Catalogs.all()) {
      for (MetricDef m : c.metrics()) {
        SampleDomain byName = SampleDomain.of(m.name());
        SampleDomain expected = NAME_RULES_MISS.getOrDefault(m.name(), fromUnit(m.unit()));
        if (byName != expected) {
          disagree.put(c.type() + " " + m.name(), m.unit() + " but " + byName);
        }
      }
    }
    assertEquals(Map.of(), disagree);
  }

  @Test
  void everyListedMissIsStillDeclared() {
    // a miss whose metric was renamed or dropped would keep the list from saying anything
    Set<String> declared = new TreeSet<>();
    Catalogs.all().forEach(c -> c.metrics().forEach(m -> declared.add(m.name())));
    Set<String> stale = new TreeSet<>(NAME_RULES_MISS.keySet());
    stale.removeAll(declared);
    assertEquals(Set.of(), stale);
  }
}
