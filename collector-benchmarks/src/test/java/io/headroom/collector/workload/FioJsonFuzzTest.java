package io.headroom.collector.workload;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;

/**
 * fio's JSON (every vintage, json+, --status-interval streams) as {@code headroom import fio} reads
 * it: records or a refusal naming the file ({@link FuzzedImport}). Seeds: real outputs
 * (FioJsonFuzzTestInputs); docs/testing.md, "Fuzzing", says how to fuzz and what was found.
 */
class FioJsonFuzzTest {
  @FuzzTest(maxDuration = "5m")
  void anyBytesAreARunOrARefusal(byte[] bytes) throws IOException {
    FuzzedImport.check(bytes, (in, out) -> FioJsonImporter.importLines(in, "h1", "r", "lab", out::add));
  }
}
