package io.headroom.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 48: whatever file a person gives analyze, compare or import, the answer is exit 2 and one
 * line naming the file and what it is, or the line and byte where it stops being text, within
 * seconds: no OutOfMemoryError after 0.6 GB, no wait for ever on a FIFO, no "no such recording"
 * for a directory, no "cannot read: Input length = 1".
 */
class HostileInputFilesTest {
  /** Far above the milliseconds a refusal takes; a FIFO's open would wait past it for ever. */
  private static final Duration BOUND = Duration.ofSeconds(30);
  @TempDir Path dir;
  private Path good;

  @BeforeEach
  void aGoodRecording() throws Exception {
    good = Files.writeString(dir.resolve("good.jsonl"), "{\"type\":\"run\",\"run\":\"r\",\"testbed\":\"t\",\"start\":0,\"end\":9}\n"
        + "{\"type\":\"entity\",\"id\":\"h/cpu\",\"kind\":\"host_cpu\",\"name\":\"cpu\"}\n"
        + "{\"type\":\"sample\",\"ts\":1,\"entity\":\"h/cpu\",\"metric\":\"util\",\"value\":0.5}\n");
  }

  /** Every way in that reads a file: the message for {@code file} must be {@code expected} (with the temporary directory as DIR). */
  private void everyCommandSays(Path file, String expected) {
    String f = file.toString();
    for (List<String> args : List.of(List.of("analyze", f), List.of("compare", good.toString(), f),
        List.of("import", "fio", f, "--alone"), List.of("import", "vdbench", f, "--alone"),
        List.of("import", "sysbench", f, "--alone"))) {
      Cli cli = new Cli();
      int code = assertTimeoutPreemptively(BOUND, () -> cli.run(args.toArray(String[]::new)), args.toString());
      assertEquals(ExitCodes.USAGE, code, args + ": " + cli.err());
      assertEquals("headroom " + args.get(0) + ": " + expected + "\n", cli.err().replace(dir.toString(), "DIR"), args.toString());
    }
  }

  @Test
  void aFifoIsNamedAsOneAndNotOpened() throws Exception {
    Path fifo = dir.resolve("fifo");
    assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
    everyCommandSays(fifo, "DIR/fifo: is a FIFO (named pipe), not a file");
  }

  /** A FIFO where HCIBench's folder has a VM's fio output: named itself, not opened (it waited for ever). */
  @Test
  void aFifoInsideAnHcibenchFolderIsNamed() throws Exception {
    Path test = Files.createDirectories(dir.resolve("run/fio-1vmdk-100ws-4k-70rdpct-100randompct-4threads-1796226857"));
    assertEquals(0, new ProcessBuilder("mkfifo", test.resolve("vm-0.json").toString()).start().waitFor());
    Cli cli = new Cli();
    int code = assertTimeoutPreemptively(BOUND, () -> cli.run("import", "hcibench", dir.resolve("run").toString(), "--alone"));
    assertEquals(ExitCodes.USAGE, code, cli.err());
    assertEquals("headroom import: DIR/run/fio-1vmdk-100ws-4k-70rdpct-100randompct-4threads-1796226857/vm-0.json: is a FIFO"
        + " (named pipe), not a file\n", cli.err().replace(dir.toString(), "DIR"));
  }

  @Test
  void aDeviceIsNamedAsOne() {
    everyCommandSays(Path.of("/dev/zero"), "/dev/zero: is a character device, not a file");
  }

  @Test
  void compareNamesADirectoryAsOne() {
    Cli cli = new Cli();
    assertEquals(ExitCodes.USAGE, cli.run("compare", good.toString(), dir.toString()));
    assertEquals("headroom compare: DIR: is a directory, not a file\n", cli.err().replace(dir.toString(), "DIR"));
  }

  /** 2 GiB of zero bytes (a sparse file: no disk used): refused at its first byte, not read whole. */
  @Test
  void twoGibibytesOfZerosAreRefusedAtTheFirstByte() throws Exception {
    Path zeros = dir.resolve("zeros.bin");
    try (RandomAccessFile f = new RandomAccessFile(zeros.toFile(), "rw")) {
      f.setLength(2L << 30);
    }
    everyCommandSays(zeros, "DIR/zeros.bin:1: byte 0x00 at byte 1 of the file (column 1): a binary file, or UTF-16 text, not UTF-8 text");
  }

  /** 9 MiB without a newline, past the 8 MiB a line may hold: refused once the bound is passed. */
  @Test
  void aLineLongerThanTheBoundIsRefusedNamingIt() throws Exception {
    Path endless = Files.write(dir.resolve("endless.txt"), "a".repeat(9 << 20).getBytes(StandardCharsets.US_ASCII));
    everyCommandSays(endless, "DIR/endless.txt:1: a line longer than 8 MiB (from byte 1): not a text file of lines");
  }

  @Test
  void utf16AndLatin1AreNamedWithTheirLineAndByte() throws Exception {
    Path utf16 = Files.write(dir.resolve("utf16.txt"), "\uFEFF{\n".getBytes(StandardCharsets.UTF_16LE));
    everyCommandSays(utf16, "DIR/utf16.txt:1: starts with a UTF-16 little-endian (0xFF 0xFE) byte-order mark: UTF-16 text,"
        + " and Headroom reads UTF-8 (convert it: iconv -f UTF-16 -t UTF-8)");
    // a blank line (every reader passes over it), then the é: byte 2 of the file, column 1 of line 2
    Path latin1 = Files.write(dir.resolve("latin1.txt"), "\néte\n".getBytes(StandardCharsets.ISO_8859_1));
    everyCommandSays(latin1, "DIR/latin1.txt:2: not UTF-8: byte 0xE9 at byte 2 of the file (column 1): Latin-1 or"
        + " Windows-1252 text? Headroom reads UTF-8 (convert it: iconv -f LATIN1 -t UTF-8)");
  }
}
