package io.headroom.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/class-archive, which ./headroom calls for its class-data archive: it makes the archive when
 * missing or older than a jar, the JVM then maps the trainee's class from it, and a start never
 * fails or warns for an archive the JVM cannot use (stale in a way the script cannot see, or none).
 * A real JVM and a real jar, made here from the compiled {@link ArchiveTrainee}.
 */
class ClassArchiveScriptTest {
  private static final Path SCRIPT = JvmOptionsScriptTestRoot.find().resolve("bin/class-archive");
  private static final String MAIN = ArchiveTrainee.class.getName();
  private static final String QUIET = "-Xlog:cds=off,cds+dynamic=off";

  @TempDir Path dir;

  private record Result(int code, String out, String err) {}

  private static Result exec(List<String> command) throws Exception {
    Process p = new ProcessBuilder(command).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    return new Result(p.waitFor(), out, err);
  }

  /** A jar holding ArchiveTrainee; {@code padding} bytes of an extra entry make a different jar. */
  private Path jar(int padding) throws IOException {
    Path jar = dir.resolve("lib/trainee.jar");
    Files.createDirectories(jar.getParent());
    String entry = MAIN.replace('.', '/') + ".class";
    try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file)) {
      out.putNextEntry(new JarEntry(entry));
      out.write(ArchiveTrainee.class.getClassLoader().getResourceAsStream(entry).readAllBytes());
      out.putNextEntry(new JarEntry("padding.txt"));
      out.write(new byte[padding]);
    }
    return jar;
  }

  private Result script(Path archive) throws Exception {
    return exec(List.of(SCRIPT.toString(), archive.toString(), dir.resolve("lib") + "/*", MAIN, "training"));
  }

  /** The script run with JAVA set to {@code java}, as ./headroom sets it from JAVA_HOME. */
  private Result script(Path archive, String java) throws Exception {
    List<String> command = List.of("env", "JAVA=" + java, SCRIPT.toString(), archive.toString(), dir.resolve("lib") + "/*",
        MAIN, "training");
    return exec(command);
  }

  private Result start(String options) throws Exception {
    return start(options, "java");
  }

  /** Starts the trainee with the script's options and -Xlog:class+load, to see where its class came from. */
  private Result start(String options, String java) throws Exception {
    List<String> command = new ArrayList<>(List.of(java));
    if (!options.isEmpty()) {
      command.addAll(List.of(options.split(" ")));
    }
    command.addAll(List.of("-Xlog:class+load=info:stdout", "-cp", dir.resolve("lib") + "/*", MAIN, "real"));
    return exec(command);
  }

  private static boolean printed(Result r) {
    return r.out().lines().anyMatch("trained on real"::equals);
  }

  private static boolean fromArchive(Result r) {
    return r.out().lines().anyMatch(l -> l.contains(" " + MAIN + " source: shared objects file"));
  }

  @Test
  void aMissingArchiveIsMadeAndThenMapped() throws Exception {
    jar(0);
    Path archive = dir.resolve("app.jsa");
    Result made = script(archive);
    assertEquals(0, made.code());
    assertEquals("-XX:SharedArchiveFile=" + archive + " " + QUIET, made.out());
    assertTrue(Files.size(archive) > 0);
    Result run = start(made.out());
    assertEquals(0, run.code(), run.err());
    assertTrue(printed(run), run.out());
    assertTrue(fromArchive(run), "the trainee's class from the archive");
    assertEquals("", run.err());
  }

  @Test
  void aJarNewerThanTheArchiveMakesItAgain() throws Exception {
    jar(0);
    Path archive = dir.resolve("app.jsa");
    script(archive);
    Path jar = jar(100); // a rebuilt jar: the archive made for the old one no longer matches it
    FileTime jarTime = Files.getLastModifiedTime(jar);
    Files.setLastModifiedTime(archive, FileTime.fromMillis(jarTime.toMillis() - 10_000));
    Result remade = script(archive);
    assertEquals("-XX:SharedArchiveFile=" + archive + " " + QUIET, remade.out());
    assertTrue(Files.getLastModifiedTime(archive).compareTo(jarTime) >= 0, "archive remade after the jar");
    assertTrue(fromArchive(start(remade.out())), "the remade archive maps the new jar's class");
  }

  @Test
  void anArchiveTheJvmRefusesFallsBackSilently() throws Exception {
    Path jar = jar(0);
    Path archive = dir.resolve("app.jsa");
    script(archive);
    // a different jar that is older than the archive: the script sees nothing stale, the JVM does
    jar(100);
    Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(archive).toMillis() - 10_000));
    Result options = script(archive);
    assertEquals("-XX:SharedArchiveFile=" + archive + " " + QUIET, options.out());
    Result run = start(options.out());
    assertEquals(0, run.code());
    assertTrue(printed(run), run.out());
    assertTrue(!fromArchive(run), "the class from the jar, not a stale archive");
    assertEquals("", run.err());
  }

  @Test
  void noArchiveCanBeMadeSoNoOptionsArePrinted() throws Exception {
    jar(0);
    Path archive = dir.resolve("no-such-dir/app.jsa");
    Result r = script(archive);
    assertEquals(0, r.code());
    assertEquals("", r.out());
    assertTrue(!Files.exists(archive.getParent()));
    Result run = start(r.out());
    assertEquals(0, run.code());
    assertTrue(printed(run), run.out());
  }

  @Test
  void aTrainingRunThatFailsLeavesNoArchive() throws Exception {
    jar(0);
    Path archive = dir.resolve("app.jsa");
    Result r = exec(List.of(SCRIPT.toString(), archive.toString(), dir.resolve("lib") + "/*", "no.such.Main"));
    assertEquals(0, r.code());
    assertEquals("", r.out());
    assertTrue(!Files.exists(archive));
    try (var left = Files.list(dir)) {
      assertEquals(List.of(dir.resolve("lib")), left.toList(), "no temporary archive left behind");
    }
  }

  /** A JDK of release 25 or later, where this machine kind has one (Temurin's); the AOT cases skip without. */
  private static String jdk25() {
    Path java = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64/bin/java");
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.isExecutable(java), "no JDK 25 at " + java);
    return java.toString();
  }

  @Test
  void onJdk25AnAotCacheIsMadeInsteadAndMapped() throws Exception {
    String java = jdk25();
    jar(0);
    Path archive = dir.resolve("app.jsa");
    Result made = script(archive, java);
    Path cache = dir.resolve("app.aot");
    assertEquals("-XX:AOTCache=" + cache + " -Xlog:aot=off,cds=off", made.out());
    assertTrue(Files.size(cache) > 0);
    assertTrue(!Files.exists(archive), "no dynamic archive beside the cache");
    Result run = start(made.out(), java);
    assertEquals(0, run.code(), run.err());
    assertTrue(printed(run), run.out());
    assertTrue(fromArchive(run), "the trainee's class from the AOT cache");
    assertEquals("", run.err());
  }

  /**
   * JDK 25 maps classes from a cache made for another jar of the same name (seen: a different
   * size, an older time), so the script, not the JVM, must see the change: it makes the cache again.
   */
  @Test
  void onJdk25AJarChangedButOlderThanTheCacheMakesItAgain() throws Exception {
    String java = jdk25();
    Path jar = jar(0);
    Path archive = dir.resolve("app.jsa");
    Path cache = dir.resolve("app.aot");
    script(archive, java);
    String before = Files.readString(dir.resolve("app.aot.jars"));
    FileTime made = Files.getLastModifiedTime(cache);
    jar(100);
    Files.setLastModifiedTime(jar, FileTime.fromMillis(made.toMillis() - 10_000));
    Thread.sleep(10); // a remade cache's time is then later than the first's
    Result options = script(archive, java);
    assertEquals("-XX:AOTCache=" + cache + " -Xlog:aot=off,cds=off", options.out());
    String after = Files.readString(dir.resolve("app.aot.jars"));
    assertTrue(!after.equals(before), "the jar's new size is recorded: " + after);
    assertTrue(after.startsWith(jar + " " + Files.size(jar) + " "), after);
    assertTrue(Files.getLastModifiedTime(cache).compareTo(made) > 0, "the cache was made again");
    Result run = start(options.out(), java);
    assertEquals(0, run.code());
    assertTrue(printed(run), run.out());
    assertEquals("", run.err());
  }

  @Test
  void aJdkOfAnEarlierReleaseGetsTheDynamicArchive() throws Exception {
    jar(0);
    Path archive = dir.resolve("app.jsa");
    // the JDK 17 these builds run on: its release file says 17
    Result made = script(archive, "java");
    assertEquals("-XX:SharedArchiveFile=" + archive + " " + QUIET, made.out());
    assertTrue(!Files.exists(dir.resolve("app.aot")));
  }
}
