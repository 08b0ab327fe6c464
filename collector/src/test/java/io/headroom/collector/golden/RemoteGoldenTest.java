package io.headroom.collector.golden;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The remote golden form on its own, through the test-only probe source (cases in resources/golden/probe). */
class RemoteGoldenTest {
  static List<Path> cases() throws Exception {
    return RemoteGolden.cases(Path.of("src/test/resources/golden/probe"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void caseMatchesItsExpectedOutput(Path caseDir) throws Exception {
    RemoteGolden.check(caseDir, new ProbeSourceFactory());
  }
}
