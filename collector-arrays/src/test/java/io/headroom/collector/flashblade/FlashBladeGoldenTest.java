package io.headroom.collector.flashblade;

import io.headroom.collector.golden.RemoteGolden;
import io.headroom.standin.arrays.FlashBladeStandin;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The flashblade source's golden cases (resources/golden/flashblade, one folder each, README there). */
class FlashBladeGoldenTest {
  static List<Path> cases() throws Exception {
    return RemoteGolden.cases(Path.of("src/test/resources/golden/flashblade"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void caseMatchesItsExpectedOutput(Path caseDir) throws Exception {
    RemoteGolden.check(caseDir, new FlashBladeSourceFactory(), FlashBladeStandin::serve);
  }
}
