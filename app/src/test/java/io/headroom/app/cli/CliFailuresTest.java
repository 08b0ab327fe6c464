package io.headroom.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** How the launcher fails: what it says, its exit code, and what it leaves behind. */
class CliFailuresTest {
  private final Cli cli = new Cli();

  @Test
  void aMisspeltCommandSuggestsTheNearestInTwoLinesAndExits2() {
    assertEquals(ExitCodes.USAGE, cli.run("anaylze", "x.jsonl"));
    // anaylze is analyze with y and l swapped: 1 edit (analyzer is 2)
    assertEquals("headroom: unknown command 'anaylze'; did you mean 'analyze'?\n"
        + "Run 'headroom --help' for the commands.\n", cli.err());
    assertEquals("", cli.out());
  }

  @Test
  void aWordFarFromEveryCommandListsThemAndExits2() {
    assertEquals(ExitCodes.USAGE, cli.run("frobnicate", "x.csv"));
    assertEquals("headroom: unknown command 'frobnicate'; the commands are: demo, analyze, compare, import, collect, "
        + "collector, analyzer, run, discover, capture\nRun 'headroom --help' for the commands.\n", cli.err());
  }

  @Test
  void aBadOptionOfASubcommandIsOneLineAndAPointerToItsHelp() {
    assertEquals(ExitCodes.USAGE, cli.run("analyze", "--jsn", "x.jsonl"));
    assertEquals("headroom analyze: Unknown option: '--jsn'\nRun 'headroom analyze --help' for its options.\n", cli.err());
  }

  @Test
  void kafkaUnreachableAtStartIsOneLineAndExit69AndNoWorkDirIsLeft() throws Exception {
    int port = closedPort();
    long before = workDirs("headroom-analyzer-");
    assertEquals(ExitCodes.UNAVAILABLE, cli.run("analyzer", "--kafka", "127.0.0.1:" + port, "--startup-wait", "1s"));
    String err = cli.err();
    assertTrue(err.startsWith("headroom analyzer: Kafka at 127.0.0.1:" + port + " unreachable after 1 attempt in "), err);
    assertEquals(1, err.lines().count(), "one line, no stack trace: " + err);
    assertEquals(before, workDirs("headroom-analyzer-"));
  }

  @Test
  void theDatabaseUnreachableAfterTheEmbeddedBrokerStartedRemovesItsDataToo() throws Exception {
    int port = closedPort();
    long before = workDirs("headroom-analyzer-");
    int code = cli.run("analyzer", "--db", "jdbc:postgresql://127.0.0.1:" + port + "/x", "--startup-wait", "600ms");
    assertEquals(ExitCodes.UNAVAILABLE, code, cli.err());
    assertTrue(cli.err().startsWith("headroom analyzer: the database at jdbc:postgresql://127.0.0.1:" + port
        + "/x unreachable after "), cli.err());
    assertFalse(cli.err().contains("\tat "), "no stack trace");
    assertEquals(before, workDirs("headroom-analyzer-"), "the embedded broker's log directory is gone");
  }

  @Test
  void debugAddsTheStackTrace() throws Exception {
    int port = closedPort();
    assertEquals(ExitCodes.UNAVAILABLE, cli.run("--debug", "analyzer", "--kafka", "127.0.0.1:" + port, "--startup-wait", "1s"));
    assertTrue(cli.err().contains("io.headroom.app.service.Unavailable"), cli.err());
    assertTrue(cli.err().contains("\tat io.headroom.app.service.StartupWait.until"), cli.err());
  }

  private static int closedPort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort(); // closed again: connections to it are refused
    }
  }

  private static long workDirs(String prefix) throws IOException {
    try (Stream<Path> all = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
      return all.filter(p -> p.getFileName().toString().startsWith(prefix)).count();
    }
  }
}
