package io.headroom.collector.powerstore;

import io.headroom.collector.golden.RemoteGolden;
import io.headroom.standin.arrays.PowerStoreStandin;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The powerstore source's golden cases (resources/golden/powerstore, one folder each, README there). */
class PowerStoreGoldenTest {
  static List<Path> cases() throws Exception {
    return RemoteGolden.cases(Path.of("src/test/resources/golden/powerstore"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void caseMatchesItsExpectedOutput(Path caseDir) throws Exception {
    RemoteGolden.check(caseDir, new PowerStoreSourceFactory(), PowerStoreStandin::serve);
  }
}
