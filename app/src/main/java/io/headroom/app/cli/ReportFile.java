package io.headroom.app.cli;

import io.headroom.analyzer.compare.Comparison;
import io.headroom.analyzer.data.RunData;
import io.headroom.app.report.ComparePage;
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
import java.util.List;
import java.util.Locale;

/**
 * The page {@code --report FILE} asks for (analyze, compare, import, demo): HTML when FILE ends in
 * .html or .htm, a PDF when it ends in .pdf (any case); any other name is refused before anything
 * is written, naming the ones it writes (a .docx once got HTML under its name). Written, then said so on
 * stderr ("report: wrote r.html (42 kB)"), since stdout holds the verdict and {@code --json} must
 * stay one JSON object; a path that cannot be written is a user error in words, not Java's.
 */
final class ReportFile {
  private ReportFile() {}

  /** The endings a report is written under. */
  static final List<String> ENDINGS = List.of(".html", ".htm", ".pdf");

  /** Refuses a report name that ends in none of ENDINGS; called before the work, so nothing is waited for in vain. */
  static void check(Path report) throws UserError {
    if (report == null) {
      return;
    }
    String name = report.getFileName() == null ? "" : report.getFileName().toString().toLowerCase(Locale.ROOT);
    if (ENDINGS.stream().noneMatch(name::endsWith) && !Files.isDirectory(report)) {
      throw new UserError("--report " + report + ": writes HTML (.html, .htm) or PDF (.pdf); name the file with one of"
          + " these endings");
    }
  }

  /** The comparison page: HTML, or its PDF when the name ends in .pdf. */
  static void writeComparison(Path report, Comparison c, PrintWriter err) throws UserError {
    check(report);
    write(report, isPdf(report) ? ComparePage.pdf(c) : ComparePage.render(c).getBytes(StandardCharsets.UTF_8), err);
  }

  /** A run's report: a PDF when the path ends in ".pdf" (any case), else the HTML page. */
  static void writeRun(Path report, RunData data, String run, Verdict verdict, PrintWriter err) throws UserError {
    writeRun(report, data, run, verdict, SweepAxes.DEFAULT, err);
  }

  /** As above, the sweep's map by the parameters chosen (the PDF's by the first two that vary). */
  static void writeRun(Path report, RunData data, String run, Verdict verdict, SweepAxes sweep, PrintWriter err)
      throws UserError {
    check(report);
    if (isPdf(report)) {
      write(report, ReportPdf.render(data, run, verdict), err);
    } else {
      write(report, ReportPage.render(data, run, verdict, sweep).getBytes(StandardCharsets.UTF_8), err);
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
    return name != null && name.toString().toLowerCase(Locale.ROOT).endsWith(".pdf");
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
