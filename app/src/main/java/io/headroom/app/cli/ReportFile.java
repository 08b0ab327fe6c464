package io.headroom.app.cli;

import io.headroom.analyzer.data.RunData;
import io.headroom.app.report.ReportPage;
import io.headroom.app.report.ReportPdf;
import io.headroom.app.report.SweepAxes;
import io.headroom.config.InputFile;
import io.headroom.model.Verdict;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * The page {@code --report FILE} asks for (analyze, compare, import; a run's report as PDF when
 * FILE ends in .pdf): written, then said so on
 * stderr ("report: wrote r.html (42 kB)"), since stdout holds the verdict and {@code --json} must
 * stay one JSON object; a path that cannot be written is a user error in words, not Java's.
 */
final class ReportFile {
  private ReportFile() {}

  static void write(Path report, String html, PrintWriter err) throws UserError {
    write(report, html.getBytes(StandardCharsets.UTF_8), err);
  }

  /** A run's report: a PDF when the path ends in ".pdf" (any case), else the HTML page. */
  static void writeRun(Path report, RunData data, String run, Verdict verdict, PrintWriter err) throws UserError {
    writeRun(report, data, run, verdict, SweepAxes.DEFAULT, err);
  }

  /** As above, the HTML page's sweep view by the parameters chosen (the PDF has no sweep grid). */
  static void writeRun(Path report, RunData data, String run, Verdict verdict, SweepAxes sweep, PrintWriter err)
      throws UserError {
    if (isPdf(report)) {
      write(report, ReportPdf.render(data, run, verdict), err);
    } else {
      write(report, ReportPage.render(data, run, verdict, sweep), err);
    }
  }

  /**
   * The PDF libraries' log lines at their own INFO (simplelogger.properties keeps them to errors):
   * slf4j-simple reads a logger's level when the logger is made, so this is called before any PDF.
   */
  static void verboseLibraries() {
    for (String library : new String[] {"org.apache.pdfbox", "org.apache.fontbox", "com.openhtmltopdf"}) {
      System.setProperty("org.slf4j.simpleLogger.log." + library, "info");
    }
  }

  static boolean isPdf(Path report) {
    Path name = report.getFileName();
    return name != null && name.toString().toLowerCase(java.util.Locale.ROOT).endsWith(".pdf");
  }

  private static void write(Path report, byte[] bytes, PrintWriter err) throws UserError {
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
