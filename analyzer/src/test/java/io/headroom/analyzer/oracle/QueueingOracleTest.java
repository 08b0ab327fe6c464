package io.headroom.analyzer.oracle;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.analyzer.analysis.RunAnalyzer;
import io.headroom.model.PhaseVerdict;
import io.headroom.model.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class QueueingOracleTest {
  @Test
  void distribution() {
    int n = Integer.getInteger("headroom.oracle.seeds", 200);
    Map<String, Integer> limits = new TreeMap<>();
    int[] right = new int[3];
    int phases = 0;
    List<String> wrong = new ArrayList<>();
    long t0 = System.nanoTime();
    for (long seed = 1; seed <= n; seed++) {
      OracleTestbed t = new OracleTestbed(seed);
      Verdict v = new RunAnalyzer().analyze(OracleRecording.data(t), OracleRecording.run(t));
      assertEquals(t.depths.length, v.phases().size());
      OracleTruth last = t.truths.get(t.depths.length - 1);
      limits.merge(t.target + "->" + (last.limit() == null ? "NONE" : last.limit().bottleneck().name()), 1, Integer::sum);
      for (int p = 0; p < t.depths.length; p++) {
        OracleJudgement j = new OracleJudgement(t, p, t.truths.get(p), v.phases().get(p));
        limits.merge(t.truths.get(p).limit() == null ? "NONE" : t.truths.get(p).limit().bottleneck().name(), 1, Integer::sum);
        phases++;
        right[0] += j.verdictRight() ? 1 : 0;
        right[1] += j.nextRight() ? 1 : 0;
        right[2] += j.gainRight() ? 1 : 0;
        if (!j.allRight() && wrong.size() < 0) {
          wrong.add(j.describe());
        }
      }
    }
    System.out.println("limits " + limits + " phases " + phases + " verdict " + right[0] + " next " + right[1] + " gain " + right[2]
        + " in " + (System.nanoTime() - t0) / 1e9 + " s");
    wrong.forEach(System.out::println);
  }
}
