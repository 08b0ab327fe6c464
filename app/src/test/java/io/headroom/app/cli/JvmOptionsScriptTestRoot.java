package io.headroom.app.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/** The repository root, found from the test's working directory by its bin/ scripts. */
final class JvmOptionsScriptTestRoot {
  private JvmOptionsScriptTestRoot() {}

  static Path find() {
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      if (Files.isRegularFile(p.resolve("bin/class-archive"))) {
        return p;
      }
    }
    throw new IllegalStateException("no bin/class-archive above " + Path.of("").toAbsolutePath());
  }
}
