import io.headroom.analyzer.analysis.RunAnalyzer;
import io.headroom.analyzer.data.RunData;
import io.headroom.app.report.ReportPage;
import io.headroom.model.Verdict;
import io.headroom.model.recording.RecordingReader;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The report page of a recording, timed: read (not counted: the API has the data from the
 * database, analyze from the file), then the verdict (with each phase's evidence), then the page.
 * Five builds after one warm-up, so the figures are of a warm JVM, as in the analyzer daemon.
 *
 * Usage: java -cp CLASSPATH bench/report/ReportBench.java RECORDING OUT.html
 */
public class ReportBench {
  public static void main(String[] args) throws Exception {
    RunData data = new RunData();
    new RecordingReader(false).read(Path.of(args[0]), data::accept);
    String run = RunAnalyzer.defaultRun(data);
    RunAnalyzer analyzer = new RunAnalyzer();
    for (int i = 0; i <= 5; i++) {
      long t0 = System.nanoTime();
      Verdict v = analyzer.analyze(data, run);
      long t1 = System.nanoTime();
      String html = ReportPage.render(data, run, v);
      long t2 = System.nanoTime();
      Files.writeString(Path.of(args[1]), html);
      System.out.printf("%s: verdict %.0f ms, page %.0f ms, total %.0f ms, page %,d bytes%n",
          i == 0 ? "warm-up" : "build " + i, (t1 - t0) / 1e6, (t2 - t1) / 1e6, (t2 - t0) / 1e6, html.length());
    }
  }
}
