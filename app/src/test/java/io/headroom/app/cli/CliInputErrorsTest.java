package io.headroom.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * Files the user named that cannot be read, and testbeds that cannot be collected from: the
 * user's errors, so exit 2 with one line naming the path, never exit 1 (Headroom's own failures)
 * with "failed: java.io.IOException: Is a directory".
 */
class CliInputErrorsTest {
  @TempDir Path dir;

  /** Runs the command line; returns its exit code, and its stderr with the temporary directory as DIR. */
  private String refused(String... args) {
    Cli cli = new Cli();
    assertEquals(ExitCodes.USAGE, cli.run(args), cli.err());
    assertEquals("", cli.out());
    return cli.err().replace(dir.toString(), "DIR");
  }

  @Test
  void aDirectoryIsNamedAsOne() throws Exception {
    assertEquals("headroom analyze: DIR: is a directory, not a file\n", refused("analyze", dir.toString()));
    assertEquals("headroom import: DIR: is a directory, not a file\n", refused("import", "fio", dir.toString()));
    Path recording = Files.writeString(dir.resolve("r.jsonl"), "");
    assertEquals("headroom analyze: DIR: is a directory, not a file\n",
        refused("analyze", "--testbed", dir.toString(), recording.toString()));
  }

  /** /proc/self/mem opens, and its first read fails (address 0 is never mapped): a file even root cannot read. */
  @Test
  void aFileThatFailsToReadIsTheUsersErrorNamingIt() {
    assertEquals("headroom analyze: /proc/self/mem: cannot read: Input/output error\n", refused("analyze", "/proc/self/mem"));
    assertEquals("headroom import: /proc/self/mem: cannot read: Input/output error\n",
        refused("import", "fio", "/proc/self/mem", "--alone"));
  }

  @Test
  void aPathThroughARegularFileIsNoSuchFile() throws Exception {
    Path file = Files.writeString(dir.resolve("plain"), "x");
    assertEquals("headroom analyze: DIR/plain/r.jsonl: no such file\n", refused("analyze", file.resolve("r.jsonl").toString()));
  }

  /** The one rule for any command: a FileSystemException is the user's, named by its path. */
  @Test
  void anyFileSystemRefusalExits2WithItsPath() {
    @Command(name = "reads")
    final class Reads implements Callable<Integer> {
      @Override
      public Integer call() throws Exception {
        throw new AccessDeniedException("/etc/shadow");
      }
    }
    StringWriter err = new StringWriter();
    CommandLine cmd = new CommandLine(new Reads()).setExecutionExceptionHandler(new ErrorHandler());
    cmd.setErr(new PrintWriter(err, true));
    assertEquals(ExitCodes.USAGE, cmd.execute());
    assertEquals("headroom reads: /etc/shadow: permission denied\n", err.toString());
  }

  @Test
  void aTestbedWithNoSourcesHasNothingToCollect() throws Exception {
    Path none = Files.writeString(dir.resolve("none.yaml"), "testbed: lab\nsources: []\n");
    String expected = "DIR/none.yaml: sources: none, so there is nothing to collect; add one (docs/configuration.md)\n";
    assertEquals("headroom collect: " + expected, refused("collect", "--once", "--testbed", none.toString()));
    assertEquals("headroom discover: " + expected, refused("discover", "--testbed", none.toString()));
    assertEquals("headroom collector: " + expected, refused("collector", "--testbed", none.toString()));
    Path absent = Files.writeString(dir.resolve("absent.yaml"), "testbed: lab\n");
    assertEquals("headroom collect: DIR/absent.yaml: sources: none, so there is nothing to collect; add one "
        + "(docs/configuration.md)\n", refused("collect", "--once", "--testbed", absent.toString()));
  }

  /** Once "failed: java.lang.ArithmeticException: long overflow", exit 1. */
  @Test
  void anIntervalTooLongForNanosecondsIsTheFilesError() throws Exception {
    Path f = Files.writeString(dir.resolve("t.yaml"),
        "testbed: lab\nsources: [{type: host, host: h1, interval: 99999999999999999999h}]\n");
    assertEquals("headroom collect: DIR/t.yaml: sources[0].interval: \"99999999999999999999h\" is too long: at most "
        + "9223372036854ms (about 2562047h 47m, 292 years, what a count of nanoseconds holds)\n",
        refused("collect", "--once", "--testbed", f.toString()));
  }

  @Test
  void aMissingTestbedFileIsNoSuchFile() {
    String expected = "DIR/gone.yaml: no such file\n";
    assertEquals("headroom collect: " + expected, refused("collect", "--once", "--testbed", dir.resolve("gone.yaml").toString()));
    assertEquals("headroom analyze: " + expected, refused("analyze", "--testbed", dir.resolve("gone.yaml").toString(),
        "../docs/scenarios/s2-nvmeof-oltp.jsonl"));
  }

  @Test
  void aSourcesOwnMisspeltKeyIsNamedWithFileAndEntry() throws Exception {
    // disk is disks less its s: 1 edit
    Path f = Files.writeString(dir.resolve("t.yaml"), "testbed: lab\nsources:\n  - {type: host, host: h1, disk: {}}\n");
    String expected = "DIR/t.yaml: sources[0]: host source of h1: unknown key 'disk'; did you mean 'disks'?\n";
    assertEquals("headroom collect: " + expected, refused("collect", "--once", "--testbed", f.toString()));
    assertEquals("headroom discover: " + expected, refused("discover", "--testbed", f.toString()));
  }

  @Test
  void aMisspeltSourceTypeSuggestsTheType() throws Exception {
    // hots is host with s and t swapped: 1 edit
    Path f = Files.writeString(dir.resolve("t.yaml"), "testbed: lab\nsources:\n  - {type: hots, host: h1}\n");
    assertEquals("headroom collect: DIR/t.yaml: sources[0]: type: unknown source type \"hots\"; did you mean \"host\"?\n",
        refused("collect", "--once", "--testbed", f.toString()));
  }
}
