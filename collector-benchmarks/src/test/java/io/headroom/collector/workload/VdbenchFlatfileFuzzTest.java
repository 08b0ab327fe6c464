package io.headroom.collector.workload;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.time.LocalDate;
import java.time.ZoneOffset;

/**
 * vdbench's flatfile.html as {@code headroom import vdbench} reads it (with --date, so tod-only
 * files are read too): records or a refusal naming the file ({@link FuzzedImport}).
 */
class VdbenchFlatfileFuzzTest {
  @FuzzTest(maxDuration = "5m")
  void anyBytesAreARunOrARefusal(byte[] bytes) throws IOException {
    FuzzedImport.check(bytes, (in, out) -> VdbenchFlatfileImporter.importLines(in, "h1", "r", "lab",
        LocalDate.of(2026, 11, 30), ZoneOffset.UTC, out::add));
  }
}
