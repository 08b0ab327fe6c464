package io.headroom.app.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.headroom.analyzer.analysis.RunAnalyzer;
import io.headroom.analyzer.data.RunData;
import io.headroom.model.Verdict;
import io.headroom.model.recording.RecordingReader;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The PDF of S1, S4, S5 and the 125-phase sweep holds the page's charts: the same SVG (every
 * chart of the page, point for point, in the PDF's source), drawn (poppler's pdftoppm finds the
 * first line's colour on its pages), and each chart's caption and key as text, in the page's
 * order; the sweep's PDF its map before the data path. Entity ids read whole. The PDFs and their
 * first pages as PNG are kept in app/target/report-pdf/ for a person to look at.
 */
class ReportPdfChartsTest {
  private static final Path OUT = Path.of("target", "report-pdf");
  private static final Pattern SVG = Pattern.compile("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart-svg\" id=\"([^\"]+)\".*?</svg>",
      Pattern.DOTALL);
  private static final Pattern KEY = Pattern.compile("<p class=\"caption\">(.*?)</p>|<li><span class=\"swatch\"[^>]*></span> (.*?)</li>");
  /** The first line's colour (SvgChart.COLORS[0], #1f77b4). */
  private static final int BLUE = 0x1f77b4;

  @ParameterizedTest
  @CsvSource({"s1-fc-san,s1,s1/r750/pcie/0000:ca:00.0", "s4-r760-nvme-perc,s4,s4/r760/pcie/0000:4a:00.0",
      "s5-powerstore-upgrade,s5,s5/ps1200t/node-a", "s5-sweep-125,s5-sweep,s5/ps1200t/node-a"})
  void thePdfHoldsThePagesCharts(String file, String run, String limit) throws Exception {
    RunData data = new RunData();
    new RecordingReader(false).read(Path.of("../docs/scenarios/" + file + ".jsonl"), data::accept);
    Verdict v = new RunAnalyzer().analyze(data, run);
    String page = ReportPage.render(data, run, v);
    String xhtml = ReportPdf.xhtml(data, run, v);
    // the same charts: every SVG of the page is in the PDF's source, and nothing else is
    Map<String, String> pageCharts = charts(page);
    assertEquals(pageCharts, charts(xhtml));
    // one run chart of each kind, one per phase
    assertEquals(3 + v.phases().size(), pageCharts.size());

    byte[] pdf = ReportPdf.render(data, run, v);
    Files.createDirectories(OUT);
    Path kept = OUT.resolve("report-" + run + ".pdf");
    Files.write(kept, pdf);
    assumeTrue(PdfText.available(), "pdftotext is not installed (apt-get install poppler-utils): PDF text test skipped");
    String text = PdfText.of(pdf);
    // each chart's caption and key, in the page's order (Batik draws the SVG's own text as shapes)
    String flat = text.replaceAll("\\s+", "");
    int at = 0;
    for (String key : keys(page)) {
      int found = flat.indexOf(key.replaceAll("\\s+", ""), at);
      assertTrue(found >= 0, "not in the PDF after offset " + at + ": " + key);
      at = found;
    }
    // the limit's id reads whole wherever it is printed (it was broken after a slash: "s4/r760 / /pcie/...")
    assertTrue(text.contains(limit), limit);
    String parent = limit.substring(0, limit.indexOf('/', limit.indexOf('/') + 1) + 1);
    assertFalse(Pattern.compile(Pattern.quote(parent) + "\\s|" + Pattern.quote(parent.substring(0, parent.length() - 1)) + "\\s/")
        .matcher(text).find(), "an id broken in " + kept);
    assertTrue(drawnPages(kept) > 0, "no chart drawn in " + kept);
  }

  @ParameterizedTest
  @CsvSource({"s5-sweep-125,s5-sweep"})
  void theSweepsPdfLeadsWithItsMap(String file, String run) throws Exception {
    assumeTrue(PdfText.available(), "pdftotext is not installed (apt-get install poppler-utils): PDF text test skipped");
    RunData data = new RunData();
    new RecordingReader(false).read(Path.of("../docs/scenarios/" + file + ".jsonl"), data::accept);
    Verdict v = new RunAnalyzer().analyze(data, run);
    String text = PdfText.of(ReportPdf.render(data, run, v));
    int map = text.indexOf("Sweep: the limit by block size and write share");
    int path = text.indexOf("Data path");
    assertTrue(map > 0 && map < path, "the map does not come before the data path");
    // the boundaries the browser test reads on the page (S5Sweep's rules)
    for (String b : List.of("array CPU from 25% writes at every block size up to 32 KiB (random share 75% and 100%)",
        "array CPU from 50% writes at every block size up to 32 KiB (random share 0%, 25% and 50%)",
        "the network from 64 KiB blocks at every write share")) {
      int i = text.indexOf(b);
      assertTrue(i > map && i < path, b);
    }
    // every cell of the five grids: 25 network, 68 array CPU, 32 nothing full (ReportBrowserTest says why)
    String grids = text.substring(map, path);
    assertEquals(25, count(grids, "NETWORK "));
    assertEquals(68, count(grids, "ARRAY_CPU "));
    assertEquals(32, count(grids, "NONE "));
    // pdftotext -layout reads a row of cells as a line of classes, then a line of figures
    assertTrue(grids.contains("655.4 MB/s"), "4k-rd50-rand0's cell (ReportBrowserTest: 160,000 IOPS x 4096 B)");
  }

  /** The page's charts by id, each its SVG as written. */
  private static Map<String, String> charts(String html) {
    Map<String, String> out = new LinkedHashMap<>();
    Matcher m = SVG.matcher(html);
    while (m.find()) {
      out.put(m.group(1), m.group());
    }
    return out;
  }

  /** Each chart's caption and the entries of its key, as the reader sees them (entities unescaped). */
  private static List<String> keys(String html) {
    List<String> out = new ArrayList<>();
    Matcher m = KEY.matcher(html);
    while (m.find()) {
      String s = m.group(1) != null ? m.group(1) : m.group(2);
      out.add(s.replaceAll("<[^>]+>", "").replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&amp;", "&"));
    }
    assertFalse(out.isEmpty(), "no chart keys on the page");
    return out;
  }

  /** Pages of the PDF on which pdftoppm (36 dpi) finds at least 20 pixels of the first line's colour. */
  private static int drawnPages(Path pdf) throws Exception {
    Path dir = Files.createTempDirectory("report-pdf-pages");
    Process p = new ProcessBuilder("/usr/bin/pdftoppm", "-png", "-r", "36", pdf.toString(), dir.resolve("p").toString())
        .redirectErrorStream(true).start();
    p.getInputStream().readAllBytes();
    assertTrue(p.waitFor(120, TimeUnit.SECONDS) && p.exitValue() == 0, "pdftoppm failed on " + pdf);
    int pages = 0;
    try (var files = Files.list(dir)) {
      for (Path png : files.sorted().toList()) {
        BufferedImage img = ImageIO.read(png.toFile());
        int blue = 0;
        for (int y = 0; y < img.getHeight(); y++) {
          for (int x = 0; x < img.getWidth(); x++) {
            if (near(img.getRGB(x, y) & 0xffffff, BLUE)) {
              blue++;
            }
          }
        }
        pages += blue >= 20 ? 1 : 0;
        Files.delete(png);
      }
    }
    Files.delete(dir);
    return pages;
  }

  /** Within 40 of each channel: antialiasing blends a thin line's pixels with the white around it. */
  private static boolean near(int rgb, int color) {
    for (int shift = 0; shift <= 16; shift += 8) {
      if (Math.abs((rgb >> shift & 0xff) - (color >> shift & 0xff)) > 40) {
        return false;
      }
    }
    return true;
  }

  private static int count(String s, String what) {
    int n = 0;
    for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + 1)) {
      n++;
    }
    return n;
  }
}
