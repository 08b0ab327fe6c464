package io.headroom.collector.host;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.collector.source.Scrape;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileBytesTest {
  @TempDir Path dir;

  @Test
  void aFileLargerThanTheBufferIsReadWholeAndAShorterOneAfterItReplacesIt() throws Exception {
    // 3,000 lines of "line NNNN\n" (10 bytes each) = 30,000 bytes; x 5 = 150,000 bytes, past the
    // 64 KiB (65,536-byte) first buffer twice over, so the buffer grows twice.
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 15_000; i++) {
      text.append(String.format("line %04d%n", i % 10_000));
    }
    Path big = Files.writeString(dir.resolve("big"), text);
    FileBytes f = new FileBytes();
    f.read(big);
    assertEquals(150_000, f.length());
    // line 14,999 starts at byte 14,999 x 10 = 149,990 and reads "line 4999" (14,999 mod 10,000)
    assertEquals("line 4999", f.string(149_990, f.lineEnd(149_990)));
    f.read(Files.writeString(dir.resolve("small"), "7 8\n"));
    assertEquals(4, f.length());
    assertEquals(8, f.parseLong(2, f.lineEnd(2)));
  }

  @Test
  void parseLongTakesLongMaxValueAndRefusesOneMoreOrANonDigit() throws Exception {
    FileBytes f = bytes("9223372036854775807 9223372036854775808 12x4");
    assertEquals(Long.MAX_VALUE, f.parseLong(0, 19)); // 2^63 - 1: 19 digits
    NumberFormatException over = assertThrows(NumberFormatException.class, () -> f.parseLong(20, 39)); // 2^63
    assertTrue(over.getMessage().contains("9223372036854775808"), over.getMessage());
    assertThrows(NumberFormatException.class, () -> f.parseLong(40, 44)); // "12x4"
    assertThrows(NumberFormatException.class, () -> f.parseLong(40, 40)); // nothing
  }

  @Test
  void fieldsSplitsAtRunsOfBlanksAndCountsPastTheArraysItFills() throws Exception {
    FileBytes f = bytes("  259  0 nvme0n1\t 5 6  ");
    int[] starts = new int[3];
    int[] ends = new int[3];
    // five fields: "259", "0", "nvme0n1", "5", "6"; the arrays hold the first three
    assertEquals(5, f.fields(0, f.length(), starts, ends));
    assertArrayEquals(new int[] {2, 7, 9}, starts);
    assertArrayEquals(new int[] {5, 8, 16}, ends);
    assertEquals("nvme0n1", f.string(starts[2], ends[2]));
    assertEquals("259  0 nvme0n1\t 5 6", f.trimmed(0, f.length()));
    assertEquals(0, f.fields(0, 2, starts, ends)); // only blanks
  }

  @Test
  void requiredNotesAMissingOrBlankFileAsTheStringReadDoes() throws Exception {
    Scrape scrape = new Scrape(1);
    SysFiles files = new SysFiles(scrape);
    FileBytes f = new FileBytes();
    Path missing = dir.resolve("interrupts");
    Path blank = Files.writeString(dir.resolve("stat"), " \n\t\n");
    assertFalse(files.required(missing, f));
    assertFalse(files.required(blank, f));
    assertTrue(files.required(Files.writeString(dir.resolve("ok"), "x"), f));
    assertEquals(List.of(missing + ": missing", blank + ": empty"), scrape.problems());
  }

  private FileBytes bytes(String text) throws Exception {
    FileBytes f = new FileBytes();
    f.read(Files.write(dir.resolve("f"), text.getBytes(StandardCharsets.ISO_8859_1)));
    return f;
  }

  private FileBytes holding(String text) throws Exception {
    FileBytes f = new FileBytes();
    f.read(Files.write(dir.resolve("f"), text.getBytes(StandardCharsets.ISO_8859_1)));
    return f;
  }

  /** '/' and ':' sit either side of the digits in ASCII (0x2F, 0x3A): each bound at its edge. */
  @Test
  void digitsEndAndParseLongStopAtTheCharactersJustOutsideZeroToNine() throws Exception {
    FileBytes f = holding("09/1:5");
    assertEquals(2, f.digitsEnd(0, f.length()));
    assertEquals(9, f.parseLong(0, 2));
    assertEquals(4, f.digitsEnd(3, f.length()));
    assertEquals(1, f.parseLong(3, 4));
    assertEquals(5, f.parseLong(5, 6));
    assertThrows(NumberFormatException.class, () -> f.parseLong(1, 3)); // "9/"
    assertThrows(NumberFormatException.class, () -> f.parseLong(3, 5)); // "1:"
    assertEquals(1, f.digitsEnd(0, 1)); // stops at `to`, not at the file's end
  }

  @Test
  void startsWithMatchesUpToTheLastByteAndNotPastIt() throws Exception {
    FileBytes f = holding("cpu0 1");
    assertTrue(f.startsWith(4, " 1")); // 4 + 2 = 6 bytes: exactly the file
    assertFalse(f.startsWith(5, "1 ")); // 5 + 2 = 7: one past the end
    assertTrue(f.startsWith(0, "cpu"));
    assertFalse(f.startsWith(0, "cpU"));
  }

  @Test
  void blankIsOnlyWhiteSpaceAsTrimSeesIt() throws Exception {
    assertTrue(holding(" \t\r\n ").blank());
    assertTrue(holding("").blank());
    assertFalse(holding("   !").blank()); // '!' is 0x21, one above the space
    assertFalse(holding("\u00e9").blank()); // 0xE9 read as a signed byte is negative: compared unsigned
    assertEquals("", " \t\r\n ".trim()); // what blank() follows
  }

  @Test
  void trimmedDropsBlanksAndACarriageReturnAtTheEndOnly() throws Exception {
    FileBytes f = holding("\t ab c \r\n");
    assertEquals("ab c", f.trimmed(0, f.lineEnd(0)));
    assertEquals("b", f.trimmed(3, 4));
    assertEquals("", f.trimmed(0, 2));
    assertEquals(f.length(), f.lineEnd(f.length() - 1) + 1); // the '\n' is the last byte
    assertEquals(3, holding("abc").lineEnd(0)); // no newline: the file's end
    FileBytes tab = holding("ab \t");
    assertEquals("ab", tab.trimmed(0, tab.length())); // a tab and a space at the end, each dropped
  }

  @Test
  void requiredLongNamesAMissingFileOrOneThatIsNoNumberAndGivesNoValue() throws Exception {
    Scrape scrape = new Scrape(0);
    SysFiles files = new SysFiles(scrape);
    Path missing = dir.resolve("rx_words");
    Path odd = Files.writeString(dir.resolve("tx_words"), "lots\n");
    assertEquals(null, files.requiredLong(missing));
    assertEquals(null, files.requiredLong(odd));
    assertEquals(0x10L, files.requiredLong(Files.writeString(dir.resolve("hex"), "0x10\n")));
    assertEquals(List.of(missing + ": missing", odd + ": not a number: \"lots\""), scrape.problems());
  }

  /** The buffer is kept between reads: what a longer file left past the end must never match. */
  @Test
  void startsWithSeesNothingOfTheLongerFileReadBefore() throws Exception {
    FileBytes f = holding("cpu0 1 2");
    f.read(Files.writeString(dir.resolve("g"), "cpu0 1"));
    assertFalse(f.startsWith(5, "1 ")); // bytes 5-6 were "1 " in the first file; byte 6 is past this one's end
    assertTrue(f.startsWith(5, "1"));
  }
}
