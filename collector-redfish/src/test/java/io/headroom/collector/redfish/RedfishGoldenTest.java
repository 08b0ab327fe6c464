package io.headroom.collector.redfish;

import io.headroom.collector.golden.RemoteGolden;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Discovery and the second scrape of every case in resources/golden/redfish: the two stand-in
 * trees (make_trees.py) and the six real captures (read from shared/fixtures/redfish, skipped
 * where absent).
 * What each expected file says, and why, is in that folder's README.md.
 */
class RedfishGoldenTest {
  static List<Path> cases() throws Exception {
    return RemoteGolden.cases(Path.of("src/test/resources/golden/redfish"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void caseMatchesItsExpectedOutput(Path caseDir) throws Exception {
    RemoteGolden.check(caseDir, new RedfishSourceFactory());
  }
}
