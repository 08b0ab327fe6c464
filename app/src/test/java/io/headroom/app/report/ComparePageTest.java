package io.headroom.app.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.analyzer.analysis.RunAnalyzer;
import io.headroom.analyzer.compare.Comparison;
import io.headroom.analyzer.compare.RunComparer;
import io.headroom.analyzer.data.RunData;
import io.headroom.model.Bottleneck;
import io.headroom.model.recording.RecordingReader;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ComparePageTest {
  private static RunData read(String file) throws Exception {
    RunData d = new RunData();
    new RecordingReader(false).read(Path.of("../docs/scenarios", file), d::accept);
    return d;
  }

  @Test
  void studyS4sPairShowsTheRenamedPhaseItsMovedLimitAndTheUnmatched() throws Exception {
    RunData a = read("s4-r760-direct.jsonl");
    RunData b = read("s4-r760-nvme-perc.jsonl");
    RunAnalyzer analyzer = new RunAnalyzer();
    Comparison c = RunComparer.compare(a, analyzer.analyze(a, "s4-direct"), b, analyzer.analyze(b, "s4"));
    String html = ComparePage.render(c);
    assertTrue(html.contains("<tr><td>direct-seqread / perc1-seqread</td><td>NONE</td>"
        + "<td class=\"moved\">PCIE on s4/r760/pcie/0000:4a:00.0 (moved)</td><td class=\"num\">-32%</td>"), html);
    assertTrue(html.contains("<td class=\"same\">NUMA on s4/r760/cpu/socket0</td><td class=\"num\">~</td>"), html);
    assertTrue(html.contains("<p id=\"unmatched\">only in A: none; only in B: perc1-seqwrite, perc2-oltp-10M</p>"), html);
    // the explanation lines are the comparison's, escaped ("->" is "-&gt;")
    assertTrue(html.contains("<li>" + ReportPage.esc(c.phases().get(1).explanation().get(0)) + "</li>"), html);
  }

  @Test
  void namesFromTheRecordingsAreEscaped() {
    Comparison.Side side = new Comparison.Side("<b>qd1</b>", Bottleneck.DISK, "disk\"<x>", List.of(), 0.99,
        1.0e9, 1000.0, new Comparison.Latency(0.001, null), 1.0);
    Comparison.Change same = new Comparison.Change(1.0, 0.8, false);
    Comparison.PhaseComparison p = new Comparison.PhaseComparison("<b>qd1</b>", null, "name", side, side, 1.0,
        "throughput_bytes_per_s", 0.8, false, false, new Comparison.Metrics(same, same, same,
            new Comparison.Change(null, null, false)), List.of("<script>alert(1)</script>"),
        new Comparison.Noise("noise_floor", 0.03, "default", 1, 1, null, null, true, null));
    Comparison c = new Comparison(new Comparison.RunRef("<a>", "lab"), new Comparison.RunRef("b", "lab"), List.of(p),
        new Comparison.Unmatched(List.of("</p><script>"), List.of()), "b vs <a>: ...");
    String html = ComparePage.render(c);
    assertFalse(html.contains("<script>") || html.contains("<b>qd1") || html.contains("<x>"), html);
    assertTrue(html.contains("<li>&lt;script&gt;alert(1)&lt;/script&gt;</li>"), html);
    assertTrue(html.contains("DISK on disk&quot;&lt;x&gt;"), html);
  }
}
