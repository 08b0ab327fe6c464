package io.headroom.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.InputStream;
import org.junit.jupiter.api.Test;

/**
 * Class-data sharing archives and AOT caches refuse class files older than Java 6 (major version
 * 50): such classes are read from their jar and verified again on every start. picocli's released
 * jar is Java 5 (49); the launcher runs the `picocli` module's build of the same sources instead.
 */
class ArchivableClassesTest {
  private static int majorVersion(Class<?> c) throws Exception {
    try (InputStream in = c.getResourceAsStream("/" + c.getName().replace('.', '/') + ".class");
        DataInputStream data = new DataInputStream(in)) {
      assertEquals(0xCAFEBABE, data.readInt(), c + " is a class file");
      data.readUnsignedShort(); // minor
      return data.readUnsignedShort();
    }
  }

  @Test
  void picocliOnTheClassPathIsOfJava17AndSoArchivable() throws Exception {
    // 61 is Java 17's class file version (--release 17), the archives' lower bound is 50
    assertEquals(61, majorVersion(picocli.CommandLine.class));
    assertEquals(61, majorVersion(picocli.CommandLine.Model.CommandSpec.class));
  }

  @Test
  void headroomsOwnCommandsAreArchivableToo() throws Exception {
    assertTrue(majorVersion(Main.class) >= 50);
  }
}
