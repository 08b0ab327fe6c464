package io.headroom.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * bin/jvm-options, which ./headroom and the Docker image's launcher both use: each command's
 * default heap bound, its variables, and that HEADROOM_JAVA_OPTS comes last (the JVM takes the
 * last -Xmx it is given, so the user's wins).
 */
class JvmOptionsScriptTest {
  private static final Path SCRIPT = repoRoot().resolve("bin/jvm-options");

  private static Path repoRoot() {
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      if (Files.isRegularFile(p.resolve("bin/jvm-options"))) {
        return p;
      }
    }
    throw new IllegalStateException("no bin/jvm-options above " + Path.of("").toAbsolutePath());
  }

  private static String options(String subcommand, Map<String, String> env) throws Exception {
    ProcessBuilder pb = new ProcessBuilder(SCRIPT.toString(), subcommand);
    pb.environment().remove("HEADROOM_COLLECTOR_HEAP");
    pb.environment().remove("HEADROOM_HEAP");
    pb.environment().remove("HEADROOM_JAVA_OPTS");
    pb.environment().putAll(env);
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    assertEquals(0, p.waitFor());
    return out;
  }

  @Test
  void theCollectorGetsABoundedHeapByDefaultAndTheVariableSetsIt() throws Exception {
    assertEquals("-XX:+UseSerialGC -Xms16m -Xmx256m", options("collector", Map.of()));
    assertEquals("-XX:+UseSerialGC -Xms16m -Xmx256m", options("collect", Map.of()));
    assertEquals("-XX:+UseSerialGC -Xms16m -Xmx512m", options("collector", Map.of("HEADROOM_COLLECTOR_HEAP", "512m")));
    assertEquals("-XX:+UseSerialGC -Xms16m -Xmx256m", options("collector", Map.of("HEADROOM_COLLECTOR_HEAP", "")));
    // HEADROOM_HEAP is the other commands' bound, not the collector's
    assertEquals("-XX:+UseSerialGC -Xms16m -Xmx256m", options("collector", Map.of("HEADROOM_HEAP", "2g")));
  }

  @Test
  void runAndDemoGetHalfAGigabyteByDefaultAndHeadroomHeapSetsIt() throws Exception {
    assertEquals("-Xmx512m", options("run", Map.of()));
    assertEquals("-Xmx512m", options("demo", Map.of()));
    assertEquals("-Xmx2g", options("run", Map.of("HEADROOM_HEAP", "2g")));
    // HEADROOM_COLLECTOR_HEAP is the collector daemon's bound, not run's (which holds the run's data too)
    assertEquals("-Xmx512m", options("run", Map.of("HEADROOM_COLLECTOR_HEAP", "128m")));
  }

  @Test
  void theAnalyzerAndTheOtherCommandsGetOneGigabyteByDefaultAndHeadroomHeapSetsIt() throws Exception {
    assertEquals("-Xmx1g", options("analyzer", Map.of()));
    assertEquals("-Xmx1g", options("analyze", Map.of()));
    assertEquals("-Xmx1g", options("import", Map.of()));
    assertEquals("-Xmx1g", options("", Map.of()));
    assertEquals("-Xmx2g", options("analyzer", Map.of("HEADROOM_HEAP", "2g")));
    // empty, as docker compose passes an unset variable: the default
    assertEquals("-Xmx1g", options("analyzer", Map.of("HEADROOM_HEAP", "")));
    assertEquals("-Xmx1g", options("analyzer", Map.of("HEADROOM_COLLECTOR_HEAP", "128m")));
  }

  @Test
  void headroomJavaOptsComeLastSoTheirHeapWins() throws Exception {
    assertEquals("-XX:+UseSerialGC -Xms16m -Xmx256m -Xmx1g -Dx=y",
        options("collector", Map.of("HEADROOM_JAVA_OPTS", "-Xmx1g -Dx=y")));
  }

  @Test
  void theLauncherAndTheImageBothTakeTheirOptionsFromTheScript() throws Exception {
    String launcher = Files.readString(repoRoot().resolve("headroom"));
    String docker = Files.readString(repoRoot().resolve("Dockerfile"));
    // the launcher's java is JAVA_HOME's when set (for JDK 25's AOT cache), else the one on PATH
    assertTrue(launcher.contains("java=\"${JAVA_HOME:+$JAVA_HOME/bin/}java\""), "./headroom picks its java");
    assertTrue(launcher.contains("exec \"$java\" $(\"$here/bin/jvm-options\" \"${1:-}\")"), "./headroom");
    assertTrue(docker.contains("COPY bin/jvm-options /opt/headroom/jvm-options"), "Dockerfile");
    assertTrue(docker.contains("exec java $(/opt/headroom/jvm-options \"${1:-}\")"), "Dockerfile's launcher");
  }
}
