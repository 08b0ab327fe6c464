package io.headroom.app.report;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A PDF's text as poppler's pdftotext reads it (Debian package poppler-utils), in -layout so a table row stays one line; whitespace runs
 * made one space so a sentence wrapped over lines reads as written.
 */
public final class PdfText {
  private PdfText() {}

  public static boolean available() {
    return Files.isExecutable(Path.of("/usr/bin/pdftotext"));
  }

  /**
   * True when {@code text} holds {@code sentence} whatever the line breaks: the renderer breaks a
   * line after '/' or '-' inside an id ("s5/ps1200t/node-" then "a"), which leaves no space to
   * normalise, so both are compared without whitespace.
   */
  public static boolean holds(String text, String sentence) {
    return text.replaceAll("\\s+", "").contains(sentence.replaceAll("\\s+", ""));
  }

  public static String of(byte[] pdf) throws Exception {
    Path in = Files.createTempFile("headroom-report", ".pdf");
    try {
      Files.write(in, pdf);
      Process p = new ProcessBuilder("/usr/bin/pdftotext", "-layout", "-enc", "UTF-8", in.toString(), "-").redirectErrorStream(true).start();
      String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
        throw new IllegalStateException("pdftotext failed: " + text);
      }
      return text.replaceAll("\\s+", " ");
    } finally {
      Files.delete(in);
    }
  }
}
