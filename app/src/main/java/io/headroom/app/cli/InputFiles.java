package io.headroom.app.cli;

import io.headroom.config.InputFile;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;

/** The files a command reads: checked before reading, so the refusal names the path and exits 2. */
final class InputFiles {
  private InputFiles() {}

  /** A user error naming {@code file} when it is missing, unreadable, or no regular file (a directory, a FIFO, a device). */
  static void requireReadable(Path file) throws UserError {
    String problem = InputFile.problem(file);
    if (problem != null) {
      throw new UserError(problem);
    }
  }

  /**
   * A read of {@code file} that failed after it was found readable (an I/O error, a format its
   * parser refused): the user's file, so a user error that names it, not a failure of Headroom's.
   */
  static UserError unreadable(Path file, IOException e) {
    // a file inside the one named (an HCIBench folder's VM file) is named itself
    String named = e instanceof FileSystemException f && f.getFile() != null ? f.getFile() : file.toString();
    String reason = InputFile.reason(e);
    return new UserError(named + (reason.startsWith("is ") ? ": " : ": cannot read: ") + reason);
  }
}
