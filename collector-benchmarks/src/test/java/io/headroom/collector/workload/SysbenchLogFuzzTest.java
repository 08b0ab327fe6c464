package io.headroom.collector.workload;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;

/** A sysbench log as {@code headroom import sysbench} reads it: records or a refusal naming the file ({@link FuzzedImport}). */
class SysbenchLogFuzzTest {
  @FuzzTest(maxDuration = "5m")
  void anyBytesAreARunOrARefusal(byte[] bytes) throws IOException {
    FuzzedImport.check(bytes, (in, out) -> SysbenchLogImporter.importLines(in, "h1", "r", "lab", 1.8e9, out::add));
  }
}
