package io.headroom.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The typed forms of kinds, relations and metric declarations, and the strings they stand for on the wire. */
class TypedNamesTest {
  @Test
  void relationsKeepTheirWireNames() {
    // design.md's relation table, in its order: these strings are in every recording and topic
    assertEquals(List.of("behind", "on", "runs_on", "targets", "via", "cabled_to", "served_by"),
        List.of(Rel.values()).stream().map(Rel::wire).toList());
    assertEquals(Optional.of(Rel.SERVED_BY), Rel.of("served_by"));
    assertEquals(Optional.empty(), Rel.of("SERVED_BY"), "wire names are lowercase, as recorded");
    assertEquals(Optional.empty(), Rel.of("member_of"), "a name this release does not know");
  }

  @Test
  void aRelationBuiltFromARelCarriesItsWireName() {
    Relation r = new Relation("h1/disk/nvme0n1", Rel.BEHIND, "h1/pcie/0000:3b:00.0");
    assertEquals(new Relation("h1/disk/nvme0n1", "behind", "h1/pcie/0000:3b:00.0"), r);
    assertEquals("h1/disk/nvme0n1 behind h1/pcie/0000:3b:00.0", r.key());
  }

  @Test
  void kindsKeepTheOrderGivenAndRefuseUnknownOrRepeatedOnes() {
    Set<String> kinds = EntityKind.set(EntityKind.SWITCH_CPU, EntityKind.ARRAY_CPU, EntityKind.HOST_CPU);
    assertEquals(List.of("switch_cpu", "array_cpu", "host_cpu"), List.copyOf(kinds));
    assertThrows(IllegalArgumentException.class, () -> EntityKind.set("switch"));
    assertThrows(IllegalArgumentException.class, () -> EntityKind.set(EntityKind.DISK, EntityKind.DISK));
    assertThrows(IllegalArgumentException.class, EntityKind::set);
    assertThrows(UnsupportedOperationException.class, () -> kinds.add(EntityKind.DISK));
  }

  @Test
  void aDeclarationListsItsKindsAsTheDocsTableDoesAndEmitsUnderItsName() {
    MetricDef util = new MetricDef("util", "fraction", "gauge",
        EntityKind.set(EntityKind.SWITCH_CPU, EntityKind.ARRAY_CPU, EntityKind.HOST_CPU), "CPU busy share.");
    assertEquals("switch_cpu,array_cpu,host_cpu", util.kindsText());
    assertEquals(new Sample(1795995444.0, "sw1/cpu", "util", 0.25), util.sample(1795995444.0, "sw1/cpu", 0.25));
  }

  @Test
  void aDeclarationRefusesAKindNotInTheCatalog() {
    // a set built elsewhere is checked like one from EntityKind.set
    assertThrows(IllegalArgumentException.class,
        () -> new MetricDef("util", "fraction", "gauge", Set.of("switch"), "CPU busy share."));
  }
}
