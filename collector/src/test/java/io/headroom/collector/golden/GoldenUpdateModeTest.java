package io.headroom.collector.golden;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

/** Update mode writes the golden file and always fails; without it the file is the expectation. */
class GoldenUpdateModeTest {
  @TempDir Path dir;

  @Test
  void anUpdateWritesTheNewOutputAndFailsAskingForAReview() throws Exception {
    Path file = dir.resolve("case/expected/discover.txt");
    Files.createDirectories(file.getParent());
    Files.writeString(file, "old\n");
    AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> Golden.check(file, "new\n", true));
    assertEquals("new\n", Files.readString(file));
    assertTrue(e.getMessage().startsWith("golden file written: " + file + "; review its diff"), e.getMessage());
  }

  @Test
  void anUpdateThatChangesNothingFailsToo() throws Exception {
    Path file = dir.resolve("discover.txt");
    Files.writeString(file, "same\n");
    AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> Golden.check(file, "same\n", true));
    assertTrue(e.getMessage().startsWith("golden file rewritten unchanged: " + file), e.getMessage());
  }

  @Test
  void withoutTheFlagADifferenceFailsAndTheFileIsLeftAlone() throws Exception {
    Path file = dir.resolve("discover.txt");
    Files.writeString(file, "expected\n");
    assertThrows(AssertionFailedError.class, () -> Golden.check(file, "actual\n", false));
    assertEquals("expected\n", Files.readString(file));
    Golden.check(file, "expected\n", false);
  }

  @Test
  void anUpdateOfSeveralFilesWritesEveryOneBeforeItFails() throws Exception {
    Path discover = dir.resolve("discover.txt");
    Path scrape = dir.resolve("scrape2.txt");
    Files.writeString(discover, "old discover\n");
    var expected = new java.util.LinkedHashMap<Path, String>();
    expected.put(discover, "new discover\n");
    expected.put(scrape, "new scrape\n");
    AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> Golden.checkAll(expected, true));
    assertEquals("new discover\n", Files.readString(discover));
    assertEquals("new scrape\n", Files.readString(scrape));
    assertEquals("golden file written: " + discover + "; review its diff (git diff) and run again without"
        + " -Dheadroom.golden.update\ngolden file written: " + scrape + "; review its diff (git diff) and run again"
        + " without -Dheadroom.golden.update", e.getMessage());
  }

  @Test
  void withoutTheFlagSeveralFilesStopAtTheFirstDifferenceAndWriteNothing() throws Exception {
    Path discover = dir.resolve("discover.txt");
    Path scrape = dir.resolve("scrape2.txt");
    Files.writeString(discover, "discover\n");
    Files.writeString(scrape, "scrape\n");
    var expected = new java.util.LinkedHashMap<Path, String>();
    expected.put(discover, "discover\n");
    expected.put(scrape, "other scrape\n");
    AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> Golden.checkAll(expected, false));
    assertTrue(e.getMessage().startsWith(scrape.toString()), e.getMessage());
    assertEquals("scrape\n", Files.readString(scrape));
  }
}
