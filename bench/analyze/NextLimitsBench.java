import io.headroom.analyzer.analysis.HeadroomCalculator;
import io.headroom.analyzer.data.RunData;
import io.headroom.analyzer.data.Window;
import io.headroom.analyzer.detect.*;
import io.headroom.model.*;
import io.headroom.model.recording.RecordingReader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * What the next limits cost `analyze` (issue 26's target: at most 10% more): per round over every
 * phase of the run, this thread's CPU time for what RunAnalyzer does per phase without them (the
 * context, the rules' decision, the headroom table, the knee step) and for NextLimits.of, and the
 * share of the second in the first. Thread CPU time, so that waiting for a core on a shared machine
 * does not count; the median share of rounds 3 onwards, after the JIT has compiled both.
 *
 * Usage: java -Xmx1g -cp CLASSPATH bench/analyze/NextLimitsBench.java FILE [ROUNDS=9]
 */
public class NextLimitsBench {
  public static void main(String[] args) throws Exception {
    RunData data = new RunData();
    new RecordingReader(false).read(Path.of(args[0]), data::accept);
    String runId = io.headroom.analyzer.analysis.RunAnalyzer.defaultRun(data);
    Run run = data.runs().get(runId);
    List<Phase> phases = data.phasesOf(runId);
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    Detector detector = new Detector(Thresholds.defaults());
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 9;
    double[] share = new double[rounds];
    for (int r = 0; r < rounds; r++) {
      long base = 0, next = 0;
      for (Phase p : phases) {
        double end = p.end() == null ? run.end() : p.end();
        double settle = Math.min(5.0, 0.1 * (end - p.start()));
        Window w = new Window(p.name(), p.start() + settle, end);
        long t0 = mx.getCurrentThreadCpuTime();
        Context ctx = Context.of(data, run, w, detector.thresholds());
        PhaseDecision d = detector.decide(ctx);
        List<HeadroomEntry> table = HeadroomCalculator.headroom(ctx);
        Knee.stepOf(ctx, false);
        long t1 = mx.getCurrentThreadCpuTime();
        NextLimits.of(ctx, d, table);
        long t2 = mx.getCurrentThreadCpuTime();
        base += t1 - t0;
        next += t2 - t1;
      }
      share[r] = (double) next / base;
      System.out.printf("round %d: phases %d, analysis %.3f s CPU, next limits %.4f s CPU (%.2f%%)%n", r + 1,
          phases.size(), base / 1e9, next / 1e9, 100.0 * next / base);
    }
    double[] steady = Arrays.copyOfRange(share, 2, rounds);
    Arrays.sort(steady);
    System.out.printf("median share of rounds 3..%d: %.2f%%%n", rounds, 100 * steady[steady.length / 2]);
  }
}
