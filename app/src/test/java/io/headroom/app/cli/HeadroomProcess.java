package io.headroom.app.cli;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** `headroom ARGS` in a JVM of its own, as a user runs it: what it logs to stderr is what they see. */
final class HeadroomProcess {
  private HeadroomProcess() {}

  /**
   * `java -cp CLASSPATH Main ARGS` with java.io.tmpdir in {@code tmp}; its stdout and stderr lines
   * are added to {@code lines} as they come.
   */
  static Process start(Path tmp, List<String> lines, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m",
        "-Djava.io.tmpdir=" + tmp, "-cp", System.getProperty("java.class.path"), Main.class.getName()));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).start();
    collect(p.getInputStream(), lines);
    collect(p.getErrorStream(), lines);
    return p;
  }

  private static void collect(InputStream in, List<String> lines) {
    Thread t = new Thread(() -> {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
        for (String l = r.readLine(); l != null; l = r.readLine()) {
          lines.add(l);
        }
      } catch (java.io.IOException ended) {
        // the process is gone
      }
    });
    t.setDaemon(true);
    t.start();
  }
}
