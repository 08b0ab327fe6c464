package io.headroom.app.report;

import io.headroom.analyzer.analysis.RunAnalyzer;
import io.headroom.analyzer.data.RunData;
import io.headroom.model.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ScratchRenderTest {
  @Test
  void render() throws Exception {
    Files.createDirectories(Path.of("/tmp/rep"));
    for (String f : new String[] {"s1-fc-san:s1", "s4-r760-nvme-perc:s4", "s5-powerstore-upgrade:s5", "s5-sweep-125:s5-sweep"}) {
      String[] fr = f.split(":");
      RunData data = new RunData();
      new io.headroom.model.recording.RecordingReader(false).read(Path.of("../docs/scenarios/" + fr[0] + ".jsonl"), data::accept);
      Verdict v = new RunAnalyzer().analyze(data, fr[1]);
      Files.writeString(Path.of("/tmp/rep/" + fr[1] + ".html"), ReportPage.render(data, fr[1], v));
      long t = System.nanoTime();
      Files.write(Path.of("/tmp/rep/" + fr[1] + ".pdf"), ReportPdf.render(data, fr[1], v));
      System.out.println(fr[1] + " pdf ms " + (System.nanoTime() - t) / 1e6);
    }
  }
}
