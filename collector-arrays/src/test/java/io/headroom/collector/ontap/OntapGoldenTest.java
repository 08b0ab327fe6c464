package io.headroom.collector.ontap;

import io.headroom.collector.golden.RemoteGolden;
import io.headroom.standin.arrays.OntapStandin;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The ontap source's golden cases (resources/golden/ontap, one folder each, README there). */
class OntapGoldenTest {
  static List<Path> cases() throws Exception {
    return RemoteGolden.cases(Path.of("src/test/resources/golden/ontap"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void caseMatchesItsExpectedOutput(Path caseDir) throws Exception {
    RemoteGolden.check(caseDir, new OntapSourceFactory(), OntapStandin::serve);
  }
}
