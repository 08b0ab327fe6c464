import io.headroom.analyzer.analysis.RunAnalyzer;
import io.headroom.analyzer.data.RunData;
import io.headroom.model.Verdict;
import io.headroom.model.recording.ReadStats;
import io.headroom.model.recording.RecordingReader;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Path;

/**
 * What `headroom analyze FILE` does, timed: RecordingReader -> RunData -> RunAnalyzer. Prints
 * wall time per stage, the peak heap (sum of the heap pools' peaks: an upper bound) and the live
 * heap while the run's data is held (after a full collection).
 *
 * Usage: java -Xmx1g -cp CLASSPATH bench/analyze/AnalyzeBench.java FILE
 */
public class AnalyzeBench {
  public static void main(String[] args) throws Exception {
    long t0 = System.nanoTime();
    RunData data = new RunData();
    ReadStats stats = new RecordingReader(false).read(Path.of(args[0]), data::accept);
    long t1 = System.nanoTime();
    Verdict v = new RunAnalyzer().analyze(data, RunAnalyzer.defaultRun(data));
    long t2 = System.nanoTime();
    long peak = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        peak += pool.getPeakUsage().getUsed();
      }
    }
    System.out.printf("records %,d (samples %,d), %d phases%n", stats.records(), data.sampleCount(),
        v.phases().size());
    System.out.printf("read %.2f s, analyze %.2f s, total %.2f s%n", (t1 - t0) / 1e9, (t2 - t1) / 1e9,
        (t2 - t0) / 1e9);
    System.out.printf("peak heap %,d MB (max %,d MB)%n", peak >> 20,
        Runtime.getRuntime().maxMemory() >> 20);
    System.out.printf("verdict %s %s %.2f%n", v.bottleneck(), v.entity(), v.confidence());
    // What holding a run costs (headroom run keeps its run's data the same way, and the analyzer
    // loads a finished run's into the same RunData): the heap after a full collection with the
    // data still reachable, per sample.
    System.gc();
    long live = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    System.out.printf("live heap holding the run's data %,d MB (%d bytes a sample)%n", live >> 20,
        live / Math.max(1, data.sampleCount()));
    java.lang.ref.Reference.reachabilityFence(data);
  }
}
