package io.headroom.app.cli;

import io.headroom.config.InputFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * The page {@code --report FILE} asks for (analyze, compare, import): written, then said so on
 * stderr ("report: wrote r.html (42 kB)"), since stdout holds the verdict and {@code --json} must
 * stay one JSON object; a path that cannot be written is a user error in words, not Java's.
 */
final class ReportFile {
  private ReportFile() {}

  static void write(Path report, String html, PrintWriter err) throws UserError {
    byte[] bytes = html.getBytes(StandardCharsets.UTF_8);
    try {
      Files.write(report, bytes);
    } catch (IOException e) {
      throw new UserError("--report: cannot write " + report + ": " + whyNot(report, e));
    }
    err.println("report: wrote " + report + " (" + kilobytes(bytes.length) + " kB)");
  }

  /** Whole kB of 1000 bytes, rounded, and at least 1 so a written page never reads "0 kB". */
  static long kilobytes(long bytes) {
    return Math.max(1, Math.round(bytes / 1000.0));
  }

  /** "no such directory: /x" where the folder is missing, else the system's reason in words. */
  private static String whyNot(Path report, IOException e) {
    Path dir = report.toAbsolutePath().getParent();
    if (e instanceof NoSuchFileException && dir != null && !Files.isDirectory(dir)) {
      return (Files.exists(dir) ? "not a directory: " : "no such directory: ") + dir;
    }
    if (Files.isDirectory(report)) {
      return "is a directory";
    }
    return InputFile.reason(e);
  }
}
