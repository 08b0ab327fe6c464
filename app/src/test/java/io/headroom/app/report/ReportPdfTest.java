package io.headroom.app.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.headroom.analyzer.analysis.RunAnalyzer;
import io.headroom.analyzer.data.RunData;
import io.headroom.model.Verdict;
import io.headroom.model.recording.RecordingReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The run's report as PDF (openhtmltopdf), read back by pdftotext as a reviewer's PDF reader would. */
class ReportPdfTest {
  @Test
  void theS5PdfHoldsTheClosingSentenceThePathAndTheOffPathMark() throws Exception {
    assumeTrue(PdfText.available(), "pdftotext is not installed (apt-get install poppler-utils): PDF text test skipped");
    RunData data = new RunData();
    new RecordingReader(false).read(Path.of("../docs/scenarios/s5-powerstore-upgrade.jsonl"), data::accept);
    Verdict v = new RunAnalyzer().analyze(data, "s5");
    byte[] pdf = ReportPdf.render(data, "s5", v);
    // kept for a person to look at, as the browser test keeps its screenshots
    java.nio.file.Files.createDirectories(Path.of("target", "report-pdf"));
    java.nio.file.Files.write(Path.of("target", "report-pdf", "report-s5.pdf"), pdf);
    assertEquals("%PDF-", new String(pdf, 0, 5, StandardCharsets.US_ASCII));
    String text = PdfText.of(pdf);
    // the same sentence as the page's headline and the CLI's first line, word for word
    assertTrue(PdfText.holds(text, LimitSentence.run(v)), LimitSentence.run(v) + " not in: " + text);
    // the path table: both ps1200t nodes marked as the limit, the off-path switch port marked, at
    // its 0.9865 / 0.95 = 103.8% of practical ceiling (rounded, 104%)
    assertTrue(text.contains("array nodes s5/ps1200t/node-a "), text);
    assertTrue(text.matches(".*s5/ps1200t/node-a \\d+% \\(the limit\\).*"), text);
    assertTrue(text.matches(".*s5/ps1200t/node-b \\d+% \\(the limit\\).*"), text);
    assertTrue(text.contains("off the data path s5/sw1/port/1-30 104% (off the data path)"), text);
    // each phase's sentence, in its detail
    for (var p : v.phases()) {
      assertTrue(PdfText.holds(text, LimitSentence.withNext(p)), p.name() + ": " + LimitSentence.withNext(p) + " not in: " + text);
    }
  }

  @Test
  void textOutsideLatin1IsReplacedSoTheBaseFontsDrawIt() {
    // U+2026 (ellipsis) and U+2192 (arrow) are outside the PDF base fonts' range; e-acute is inside
    assertEquals("a? b? caf\u00e9 &lt;x&gt;", ReportPdf.x("a\u2026 b\u2192 caf\u00e9 <x>"));
  }
}
