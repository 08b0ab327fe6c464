package io.headroom.config;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import io.headroom.model.input.FileKind;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * A file a person named for Headroom to read (a testbed file, a recording, a benchmark's output):
 * why it cannot be read, in words that start with its path, so a command can say so and exit 2
 * (the user's error) instead of failing on "java.io.IOException: Is a directory" with no path.
 */
public final class InputFile {
  private InputFile() {}

  /**
   * Why {@code file} cannot be read as a file ("PATH: is a directory, not a file", "PATH: is a FIFO
   * (named pipe), not a file"), or null.
   */
  public static String problem(Path file) {
    return FileKind.problem(file);
  }

  /**
   * What went wrong reading a file, without Java's class names: "no such file", "permission
   * denied", or the system's own reason ("Not a directory").
   */
  public static String reason(IOException e) {
    if (e instanceof NoSuchFileException) {
      return "no such file";
    }
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof FileSystemException f && f.getReason() != null) {
      return f.getReason();
    }
    return e.getMessage();
  }
}
