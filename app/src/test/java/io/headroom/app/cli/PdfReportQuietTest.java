package io.headroom.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * `analyze --report out.pdf` as a user runs it: stderr says where the report went and nothing
 * else (pdfbox's two font-fallback WARN lines and openhtmltopdf's INFO timings came with every
 * PDF); --verbose shows the libraries' lines.
 */
class PdfReportQuietTest {
  private static final Path RECORDING = Path.of("../docs/scenarios/s5-powerstore-upgrade.jsonl").toAbsolutePath();

  @TempDir Path dir;

  private List<String> stderrOf(String... args) throws Exception {
    List<String> lines = new CopyOnWriteArrayList<>();
    List<String> command = new java.util.ArrayList<>(List.of("analyze"));
    command.addAll(List.of(args));
    command.addAll(List.of(RECORDING.toString(), "--report", dir.resolve("r.pdf").toString(), "--json"));
    Process p = HeadroomProcess.start(dir, lines, command.toArray(String[]::new));
    assertTrue(p.waitFor(120, TimeUnit.SECONDS));
    assertEquals(0, p.exitValue(), lines.toString());
    Thread.sleep(200); // the last lines read
    return lines.stream().filter(l -> !l.startsWith("{")).toList(); // the verdict, on stdout
  }

  @Test
  void aPdfReportSaysWhereItWentAndNothingElse() throws Exception {
    List<String> err = stderrOf();
    assertEquals(1, err.size(), err.toString());
    assertTrue(err.get(0).matches("report: wrote .*r\\.pdf \\(\\d+ kB\\)"), err.toString());
    assertTrue(Files.size(dir.resolve("r.pdf")) > 1000);
  }

  @Test
  void verboseShowsTheLibrariesLines() throws Exception {
    List<String> err = stderrOf("--verbose");
    assertTrue(err.stream().anyMatch(l -> l.contains("Using fallback font")), err.toString());
    assertTrue(err.stream().anyMatch(l -> l.contains("INFO load - TIME: parse stylesheets")), err.toString());
  }
}
