package io.headroom.analyzer.scenario;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.headroom.analyzer.compare.Comparison;
import io.headroom.analyzer.compare.RunComparer;
import org.junit.jupiter.api.Test;

class ComparisonScenariosTest {
  @Test
  void explore() throws Exception {
    ObjectMapper m = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    StudyRecordings a = new StudyRecordings("s4-r760-direct.jsonl");
    StudyRecordings b = new StudyRecordings("s4-r760-nvme-perc.jsonl");
    Comparison c = RunComparer.compare(a.data, a.verdict, b.data, b.verdict);
    System.out.println(m.writeValueAsString(c));
    StudyRecordings a5 = new StudyRecordings("s5-powerstore-before.jsonl");
    StudyRecordings b5 = new StudyRecordings("s5-powerstore-upgrade.jsonl");
    System.out.println(m.writeValueAsString(RunComparer.compare(a5.data, a5.verdict, b5.data, b5.verdict)));
  }
}
