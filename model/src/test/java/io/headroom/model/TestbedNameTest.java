package io.headroom.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The one rule for a testbed's name: the testbed file's and every record's from any producer. */
class TestbedNameTest {
  @Test
  void aTestbedIsNamedStorableAndWithoutABar() {
    assertNull(TestbedName.problem("lab-2 é"));
    assertEquals("must name the testbed", TestbedName.problem(null));
    assertEquals("must name the testbed", TestbedName.problem(" "));
    assertEquals("must not contain '|' (it separates key parts on Kafka)", TestbedName.problem("x|relb"));
    assertEquals("contains a NUL character (U+0000) at index 1, which PostgreSQL cannot store",
        TestbedName.problem("x\u0000"));
    assertNull(TestbedName.problem("a".repeat(512)));
    assertEquals("is 513 bytes of UTF-8, over the limit of 512", TestbedName.problem("a".repeat(513)));
  }

  @Test
  void checkedNamesTheTestbedInItsRefusal() {
    assertEquals("lab", TestbedName.checked("lab"));
    assertEquals("testbed \"x|relb\": must not contain '|' (it separates key parts on Kafka)",
        assertThrows(IllegalArgumentException.class, () -> TestbedName.checked("x|relb")).getMessage());
    assertEquals("testbed \"null\": must name the testbed",
        assertThrows(IllegalArgumentException.class, () -> TestbedName.checked(null)).getMessage());
  }
}
