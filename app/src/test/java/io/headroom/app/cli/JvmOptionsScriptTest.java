package io.headroom.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.io.RandomAccessFile;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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

  private static String options(String subcommand, Map<String, String> env, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of(SCRIPT.toString(), subcommand));
    command.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(command);
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
    // every argument, so the script sees analyze's files
    assertTrue(launcher.contains("exec \"$java\" $(\"$here/bin/jvm-options\" \"$@\")"), "./headroom");
    assertTrue(docker.contains("COPY bin/jvm-options /opt/headroom/jvm-options"), "Dockerfile");
    assertTrue(docker.contains("exec java $(/opt/headroom/jvm-options \"$@\")"), "Dockerfile's launcher");
  }

  /** 24 MiB: where C1 alone stops paying (docs/benchmarks.md, "Start-up, fourth pass"). */
  private static final long SMALL_INPUT = 24L * 1024 * 1024;

  private static String fileOf(Path dir, String name, long bytes) throws Exception {
    Path file = dir.resolve(name);
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      f.setLength(bytes); // sparse: only its size matters to the script
    }
    return file.toString();
  }

  @Test
  void analyzeOfFilesUpTo24MiBTogetherGetsTheClientCompilerAlone(@TempDir Path dir) throws Exception {
    String c1 = "-Xmx1g -XX:TieredStopAtLevel=1";
    assertEquals(c1, options("analyze", Map.of(), fileOf(dir, "one-byte.jsonl", 1)));
    assertEquals(c1, options("analyze", Map.of(), "--report", fileOf(dir, "at.jsonl", SMALL_INPUT)));
    assertEquals("-Xmx1g", options("analyze", Map.of(), fileOf(dir, "over.jsonl", SMALL_INPUT + 1)));
    // compare's two recordings count together: half each is at the bound, one byte more is over it
    String half = fileOf(dir, "half.jsonl", SMALL_INPUT / 2);
    assertEquals(c1, options("compare", Map.of(), half, fileOf(dir, "other-half.jsonl", SMALL_INPUT / 2)));
    assertEquals("-Xmx1g", options("compare", Map.of(), half, fileOf(dir, "half-and-one.jsonl", SMALL_INPUT / 2 + 1)));
  }

  @Test
  void withoutAFileOrForOtherCommandsTheFullCompilerStays(@TempDir Path dir) throws Exception {
    String small = fileOf(dir, "small.jsonl", 1000);
    // a recording on stdin may be of any size; an empty file and a missing path say nothing either
    assertEquals("-Xmx1g", options("analyze", Map.of(), "-"));
    assertEquals("-Xmx1g", options("analyze", Map.of(), fileOf(dir, "empty.jsonl", 0)));
    assertEquals("-Xmx1g", options("analyze", Map.of(), dir.resolve("missing.jsonl").toString()));
    assertEquals("-Xmx1g", options("analyze", Map.of(), dir.toString()));
    assertEquals("-Xmx1g", options("import", Map.of(), small));
    assertEquals("-Xmx512m", options("run", Map.of(), small));
    // the user's options come after it: a later TieredStopAtLevel wins
    assertEquals("-Xmx1g -XX:TieredStopAtLevel=1 -XX:TieredStopAtLevel=4",
        options("analyze", Map.of("HEADROOM_JAVA_OPTS", "-XX:TieredStopAtLevel=4"), small));
  }
}
