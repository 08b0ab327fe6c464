package io.headroom.app.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A command's scratch directory (the embedded broker's and database's data, a default spool):
 * removed when the command ends, whether it ends well or not, so no run leaves one behind.
 */
final class WorkDir implements AutoCloseable {
  private final Path path;

  private WorkDir(Path path) {
    this.path = path;
  }

  static WorkDir create(String prefix) throws IOException {
    return new WorkDir(Files.createTempDirectory(prefix));
  }

  Path path() {
    return path;
  }

  Path resolve(String name) {
    return path.resolve(name);
  }

  @Override
  public void close() {
    if (!Files.exists(path)) {
      return;
    }
    try (Stream<Path> all = Files.walk(path)) {
      all.sorted(Comparator.reverseOrder()).forEach(WorkDir::delete);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot remove " + path, e);
    }
  }

  private static void delete(Path p) {
    try {
      Files.deleteIfExists(p);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot remove " + p, e);
    }
  }
}
