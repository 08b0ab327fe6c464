package io.headroom.collector.declared;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One line of fields from a sysfs file (a block device's stat): at least the fields asked for,
 * the first ones returned, and a field that is not a number named by its 1-based position.
 */
class SysTextTest {
  @TempDir Path dir;

  private Path file(String text) throws IOException {
    Path f = dir.resolve("stat");
    Files.writeString(f, text);
    return f;
  }

  @Test
  void exactlyTheFieldsAskedForAreEnough() throws IOException {
    assertArrayEquals(new long[] {1, 2, 3, 4}, SysText.fields(file("  1 2\t3   4\n"), 4));
  }

  @Test
  void oneFieldFewerIsRefused() throws IOException {
    Path f = file("1 2 3\n");
    IOException e = assertThrows(IOException.class, () -> SysText.fields(f, 4));
    assertEquals(f + ": 3 fields, expected at least 4", e.getMessage());
  }

  @Test
  void fieldsPastTheCountAreIgnored() throws IOException {
    assertArrayEquals(new long[] {7, 8}, SysText.fields(file("7 8 x y\n"), 2));
  }

  /** "x" is the third field (index 2), so the message says field 3. */
  @Test
  void aFieldThatIsNotANumberIsNamedByItsPosition() throws IOException {
    Path f = file("10 20 x 40\n");
    IOException e = assertThrows(IOException.class, () -> SysText.fields(f, 4));
    assertEquals(f + ": field 3 is not a number: \"x\"", e.getMessage());
  }
}
