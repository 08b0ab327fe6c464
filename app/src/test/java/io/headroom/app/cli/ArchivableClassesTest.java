package io.headroom.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
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

  private static boolean concatenatesThroughInvokedynamic(String className) throws Exception {
    try (InputStream in = ClassLoader.getSystemResourceAsStream(className.replace('.', '/') + ".class")) {
      assertTrue(in != null, className + " is on the class path");
      // the bootstrap's name is a constant of every class that links one
      return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1).contains("makeConcatWithConstants");
    }
  }

  /**
   * The build's -XDstringConcat=inline (the parent pom): every module's string concatenation is
   * StringBuilder calls, none an invokedynamic whose first run spins classes no archive keeps.
   * Each class here concatenates strings in its source.
   */
  @Test
  void noModuleConcatenatesStringsThroughInvokedynamic() throws Exception {
    for (String c : List.of(Main.class.getName(), "io.headroom.analyzer.detect.Members",
        "io.headroom.model.recording.RecordingCodec", "picocli.CommandLine", "io.headroom.collector.snmp.SnmpSource",
        "io.headroom.config.DidYouMean")) {
      assertFalse(concatenatesThroughInvokedynamic(c), c + " was compiled with -XDstringConcat=inline");
    }
    // and the check can tell: the JDK compiles only java.base inline, java.logging's Logger links one
    assertTrue(concatenatesThroughInvokedynamic("java.util.logging.Logger"), "a JDK class that links one");
  }
}
