import io.headroom.analyzer.analysis.RunAnalyzer;
import io.headroom.analyzer.data.RunData;
import io.headroom.app.report.ReportPage;
import io.headroom.app.report.SweepAxes;
import io.headroom.app.report.SweepSection;
import io.headroom.model.Verdict;
import io.headroom.model.recording.RecordingReader;
import java.nio.file.Path;

/**
 * The sweep view of a recording, timed alone and within its page: read and judge once (not
 * counted), then ten rounds of the sweep section by itself and of the whole page, after one
 * warm-up. Usage: java -cp CLASSPATH bench/report/SweepBench.java RECORDING
 */
public class SweepBench {
  public static void main(String[] args) throws Exception {
    RunData data = new RunData();
    new RecordingReader(false).read(Path.of(args[0]), data::accept);
    String run = RunAnalyzer.defaultRun(data);
    Verdict v = new RunAnalyzer().analyze(data, run);
    for (int i = 0; i <= 10; i++) {
      long t0 = System.nanoTime();
      StringBuilder h = new StringBuilder();
      SweepSection.append(h, data, run, v, SweepAxes.DEFAULT);
      long t1 = System.nanoTime();
      String page = ReportPage.render(data, run, v);
      long t2 = System.nanoTime();
      System.out.printf("%s: sweep section %.0f ms (%,d bytes), whole page %.0f ms (%,d bytes)%n",
          i == 0 ? "warm-up" : "round " + i, (t1 - t0) / 1e6, h.length(), (t2 - t1) / 1e6, page.length());
    }
  }
}
