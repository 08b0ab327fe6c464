package io.headroom.app.dashboards;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** Runs the outside programs the dashboard and compose checks use (node, npm, tar). */
final class Programs {
  private Programs() {}

  record Result(int exit, String output) {}

  /** Runs a command in {@code dir}, stdout and stderr together; fails the test if it outlasts the timeout. */
  static Result exec(Path dir, long timeoutSeconds, String... command) throws Exception {
    Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
    p.getOutputStream().close();
    byte[] out = p.getInputStream().readAllBytes();
    assertTrue(p.waitFor(timeoutSeconds, TimeUnit.SECONDS), String.join(" ", command) + " did not finish");
    return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8));
  }

  static boolean onPath(String program) {
    String path = System.getenv("PATH");
    return path != null && Stream.of(path.split(java.io.File.pathSeparator))
        .anyMatch(dir -> Files.isExecutable(Path.of(dir, program)));
  }

  static void deleteTree(Path root) throws IOException {
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
