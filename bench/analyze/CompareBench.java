import io.headroom.analyzer.analysis.RunAnalyzer;
import io.headroom.analyzer.compare.Comparison;
import io.headroom.analyzer.compare.RunComparer;
import io.headroom.analyzer.data.RunData;
import io.headroom.model.Verdict;
import io.headroom.model.recording.RecordingReader;
import java.nio.file.Path;

/**
 * What `headroom compare A B` costs against analysing A and B: the same reading and judging of
 * both, plus the comparison. Alternates the two, twice, in one JVM (the second round runs with
 * the JIT warm), and prints each round's wall time and the comparison's own share.
 * Target (issue 26): compare at most 1.5x the time of analysing both.
 *
 * Usage: java -Xmx1g -cp CLASSPATH bench/analyze/CompareBench.java FILE_A FILE_B
 */
public class CompareBench {
  public static void main(String[] args) throws Exception {
    Path a = Path.of(args[0]);
    Path b = Path.of(args[1]);
    for (int round = 1; round <= 2; round++) {
      long t0 = System.nanoTime();
      Judged ja = judge(a);
      Judged jb = judge(b);
      long t1 = System.nanoTime();
      ja = null;
      jb = null;
      System.gc();
      long t2 = System.nanoTime();
      Judged ca = judge(a);
      Judged cb = judge(b);
      long t3 = System.nanoTime();
      Comparison c = RunComparer.compare(ca.data, ca.verdict, cb.data, cb.verdict);
      long t4 = System.nanoTime();
      double analyzeBoth = (t1 - t0) / 1e9;
      double compare = (t4 - t2) / 1e9;
      System.out.printf("round %d: analyze both %.2f s; compare %.2f s (read + judge %.2f s, comparison %.3f s): %.3fx%n",
          round, analyzeBoth, compare, (t3 - t2) / 1e9, (t4 - t3) / 1e9, compare / analyzeBoth);
      System.out.printf("  %d phases matched, %d + %d unmatched; %s%n", c.phases().size(), c.unmatched().a().size(),
          c.unmatched().b().size(), c.summary());
      ca = null;
      cb = null;
      System.gc();
    }
  }

  record Judged(RunData data, Verdict verdict) {}

  static Judged judge(Path file) throws Exception {
    RunData data = new RunData();
    new RecordingReader(false).read(file, data::accept);
    return new Judged(data, new RunAnalyzer().analyze(data, RunAnalyzer.defaultRun(data)));
  }
}
