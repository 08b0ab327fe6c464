package io.headroom.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Main keeps picocli from looking for Groovy's Closure class, a look-up that opens every jar on the
 * class path when the class is on none (Main.skipGroovyLookup). Seen from outside, in a real JVM:
 * a class path that does hold a {@code groovy.lang.Closure} (compiled here) shows by the JVM's
 * class-loading log whether picocli asked for it. The control, the property set to false on the
 * command line, shows that the probe sees the look-up when it happens.
 */
class GroovyLookupTest {
  @TempDir static Path dir;

  @BeforeAll
  static void compileAClosureClass() throws Exception {
    Path source = dir.resolve("src/groovy/lang/Closure.java");
    Files.createDirectories(source.getParent());
    Files.writeString(source, "package groovy.lang; public abstract class Closure {}");
    int rc = ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", dir.resolve("classes").toString(),
        source.toString());
    assertEquals(0, rc, "javac of the stand-in Closure");
  }

  /** The class-loading log of {@code headroom --version}, run by Main in a JVM of its own. */
  private static String classesLoaded(String... jvmOptions) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String classPath = System.getProperty("java.class.path") + File.pathSeparator + dir.resolve("classes");
    List<String> command = new ArrayList<>(List.of(java));
    command.addAll(List.of(jvmOptions));
    command.addAll(List.of("-Xshare:off", "-Xlog:class+load=info:stdout", "-cp", classPath, Main.class.getName(),
        "--version"));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), out);
    assertTrue(out.contains("headroom 0.1.0"), out); // it did run the command
    return out;
  }

  @Test
  void mainDoesNotAskForGroovysClosure() throws Exception {
    assertFalse(classesLoaded().contains("groovy.lang.Closure"));
  }

  @Test
  void withTheLookUpLeftOnTheClosureIsLoaded() throws Exception {
    assertTrue(classesLoaded("-D" + Main.NO_GROOVY_CLOSURES + "=false").contains("groovy.lang.Closure source:"));
  }
}
