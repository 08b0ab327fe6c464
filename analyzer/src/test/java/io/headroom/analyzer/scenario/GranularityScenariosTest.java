package io.headroom.analyzer.scenario;

import io.headroom.model.PhaseVerdict;
import org.junit.jupiter.api.Test;

class GranularityScenariosTest {
  @Test
  void dump() {
    for (String f : new String[] {"one-cpu-irq.jsonl", "md-slow-member.jsonl"}) {
      StudyRecordings s = new StudyRecordings(f);
      for (PhaseVerdict p : s.verdict.phases()) {
        System.out.println(f + " " + p.name() + " " + p.bottleneck() + " " + p.entity() + " conf " + p.confidence()
            + " group " + p.group() + " co " + p.coLimits());
        p.evidence().forEach(l -> System.out.println("  | " + l));
        p.headroom().stream().limit(6).forEach(h -> System.out.println("  # " + h));
      }
    }
  }
}
