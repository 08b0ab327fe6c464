package io.headroom.model.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 48: bytes that are no text of lines are refused naming file, line and byte, in bounded memory. */
class BoundedLinesTest {
  @TempDir Path dir;

  private static BoundedLines lines(byte[] bytes, int max) {
    return new BoundedLines(new ByteArrayInputStream(bytes), "f.txt", max);
  }

  private static InputFormatException refused(byte[] bytes, int max) {
    return assertThrows(InputFormatException.class, () -> {
      BoundedLines in = lines(bytes, max);
      while (in.next() != null) {
        // read to the first refusal
      }
    });
  }

  @Test
  void linesEndAtNewlineOrCrLfAndTheLastNeedsNone() throws IOException {
    BoundedLines in = lines("a\r\nb\n\nc".getBytes(StandardCharsets.UTF_8), 100);
    assertEquals("a", in.next());
    assertEquals("b", in.next());
    assertEquals("", in.next());
    assertEquals("c", in.next());
    assertEquals(4, in.lineNumber());
    assertNull(in.next());
  }

  /** A line of exactly the bound is read; one byte more is refused, and the next line is read after it. */
  @Test
  void aLineLongerThanTheBoundIsRefusedAndPassedOver() throws IOException {
    String ten = "0123456789";
    BoundedLines in = lines((ten + "\n" + ten + "x\nok\n").getBytes(StandardCharsets.UTF_8), 10);
    assertEquals(ten, in.next());
    InputFormatException e = assertThrows(InputFormatException.class, in::next);
    assertEquals("f.txt:2: a line longer than 10 bytes (from byte 12): not a text file of lines", e.getMessage());
    assertEquals("ok", in.next());
    assertEquals(3, in.lineNumber());
  }

  /** Longer than the 64 KiB buffer, so the line is put together from several reads. */
  @Test
  void aLineAcrossBufferReadsIsWhole() throws IOException {
    String longLine = "y".repeat(200_000);
    BoundedLines in = lines((longLine + "\nz").getBytes(StandardCharsets.UTF_8), 1 << 20);
    assertEquals(longLine, in.next());
    assertEquals("z", in.next());
  }

  @Test
  void utf16IsNamedByItsByteOrderMark() {
    byte[] utf16 = "\uFEFFfio\n".getBytes(StandardCharsets.UTF_16LE);
    assertEquals("f.txt:1: starts with a UTF-16 little-endian (0xFF 0xFE) byte-order mark: UTF-16 text, and Headroom"
        + " reads UTF-8 (convert it: iconv -f UTF-16 -t UTF-8)", refused(utf16, 100).getMessage());
    byte[] bigEndian = "\uFEFFfio\n".getBytes(StandardCharsets.UTF_16BE);
    assertEquals(true, refused(bigEndian, 100).getMessage().contains("UTF-16 big-endian (0xFE 0xFF) byte-order mark"));
  }

  /** "ab" in UTF-16LE without a mark is 61 00 62 00: the NUL at the file's second byte. */
  @Test
  void aNulByteIsABinaryFileOrUtf16WithoutMark() {
    assertEquals("f.txt:1: byte 0x00 at byte 2 of the file (column 2): a binary file, or UTF-16 text, not UTF-8 text",
        refused("ab".getBytes(StandardCharsets.UTF_16LE), 100).getMessage());
  }

  /**
   * Latin-1 "café" on line 3: lines 1 and 2 are 2 + 3 bytes with their newlines, "caf" 3 more,
   * so the é (0xE9) is byte 9 of the file, column 4 of its line.
   */
  @Test
  void latin1IsNamedByLineByteAndColumn() {
    byte[] latin1 = "a\nbb\ncafé\n".getBytes(StandardCharsets.ISO_8859_1);
    assertEquals("f.txt:3: not UTF-8: byte 0xE9 at byte 9 of the file (column 4): Latin-1 or Windows-1252 text?"
        + " Headroom reads UTF-8 (convert it: iconv -f LATIN1 -t UTF-8)", refused(latin1, 100).getMessage());
  }

  @Test
  void utf8TextAndItsByteOrderMarkAreRead() throws IOException {
    BoundedLines in = lines("\uFEFFcafé ✓\n".getBytes(StandardCharsets.UTF_8), 100);
    assertEquals("café ✓", in.next());
  }

  @Test
  void nonRegularFilesAreRefusedBeforeTheyAreOpened() throws Exception {
    assertEquals(dir + ": is a directory, not a file", FileKind.problem(dir));
    assertEquals("/dev/zero: is a character device, not a file", FileKind.problem(Path.of("/dev/zero")));
    Path fifo = dir.resolve("fifo");
    assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
    assertEquals(fifo + ": is a FIFO (named pipe), not a file", FileKind.problem(fifo));
    FileSystemException e = assertThrows(FileSystemException.class, () -> BoundedLines.open(fifo));
    assertEquals(fifo + ": is a FIFO (named pipe), not a file", e.getMessage());
    assertEquals(dir.resolve("none") + ": no such file", FileKind.problem(dir.resolve("none")));
  }

  @Test
  void aSmallFileIsReadWholeOnlyUpToItsBound() throws Exception {
    Path f = Files.writeString(dir.resolve("t.yaml"), "x".repeat(11));
    assertEquals(11, FileKind.readSmall(f, 11).length);
    FileSystemException e = assertThrows(FileSystemException.class, () -> FileKind.readSmall(f, 10));
    assertEquals(f + ": larger than 10 bytes, which is more than such a file holds", e.getMessage());
  }

  /** Lines past the bound cost no memory: 50 lines of 100 KB each are refused one by one at a 1 KB bound. */
  @Test
  void refusedLinesAreNotKept() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    for (int i = 0; i < 50; i++) {
      bytes.writeBytes(("z".repeat(100_000) + "\n").getBytes(StandardCharsets.UTF_8));
    }
    BoundedLines in = lines(bytes.toByteArray(), 1000);
    List<Long> refusedAt = new ArrayList<>();
    while (true) {
      try {
        if (in.next() == null) {
          break;
        }
      } catch (InputFormatException e) {
        refusedAt.add(e.line());
      }
    }
    assertEquals(50, refusedAt.size());
    assertEquals(50L, refusedAt.get(49));
  }
}
