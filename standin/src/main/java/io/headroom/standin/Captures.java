package io.headroom.standin;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds real captures kept outside the repository (shared/fixtures next to the checkout; they are
 * not ours to copy in). Tests skip, saying so, when this returns null.
 */
public final class Captures {
  private Captures() {}

  /**
   * The directory {@code shared/fixtures/<name>} in the working directory or any directory above
   * it, or under $HEADROOM_FIXTURES; null if there is none.
   */
  public static Path find(String name) {
    String env = System.getenv("HEADROOM_FIXTURES");
    if (env != null && Files.isDirectory(Path.of(env, name))) {
      return Path.of(env, name);
    }
    for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
      Path p = d.resolve("shared/fixtures").resolve(name);
      if (Files.isDirectory(p)) {
        return p;
      }
    }
    return null;
  }
}
