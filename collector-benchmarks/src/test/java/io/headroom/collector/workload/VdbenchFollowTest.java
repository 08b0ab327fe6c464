package io.headroom.collector.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.model.Phase;
import io.headroom.model.Sample;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A vdbench flatfile followed while the test writes it in steps, cut in the middle of the header
 * and of rows, as vdbench's buffered writes can leave it between two reads.
 */
class VdbenchFollowTest {
  private static final Path FIXTURE = VdbenchGoldenTest.DIR.resolve("block-two-runs/flatfile.html");
  private static final double MIB = 1024 * 1024;

  @TempDir Path dir;

  private static double utc(int h, int mi, int s, int ms) {
    return ZonedDateTime.of(2026, 11, 30, h, mi, s, ms * 1_000_000, ZoneOffset.UTC).toInstant().toEpochMilli() / 1000.0;
  }

  private static void append(Path file, String text) throws IOException {
    Files.writeString(file, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
  }

  @Test
  void rowsAreReadOnlyOnceTheirLineIsWholeAndTheHeaderMayArriveInPieces() throws IOException {
    String text = Files.readString(FIXTURE);
    Path file = dir.resolve("flatfile.html");
    VdbenchFlatfileTail tail = new VdbenchFlatfileTail(file);
    Records records = new Records();
    VdbenchLiveRun live = new VdbenchLiveRun(file, "h1", "v1", 0, null, ZoneOffset.UTC, records::add);

    assertEquals(List.of(), tail.poll(), "no file yet: nothing, no error");

    int header = text.indexOf("         tod");
    append(file, text.substring(0, header + 20)); // comments and half the header line
    assertEquals(List.of(), tail.poll());
    assertFalse(tail.hasHeader(), "half a header line is not read");

    int firstRowEnd = text.indexOf('\n', text.indexOf("09:00:01.002")) + 1;
    int secondRowHalf = text.indexOf("09:00:02.001") + 30;
    append(file, text.substring(header + 20, secondRowHalf)); // header's rest, row 1, half of row 2
    List<VdbenchFlatfile.Row> rows = tail.poll();
    assertTrue(tail.hasHeader());
    assertEquals(1, rows.size(), "row 2 is not whole yet: " + rows);
    rows.forEach(live::accept);
    // the first row opens rd_seq_write: its phase is open, starting one second (vdbench's
    // default interval) before the row's 09:00:01.002
    Phase open = records.phase("rd_seq_write").orElseThrow();
    assertEquals(utc(9, 0, 0, 2), open.start(), 1e-6);
    assertNull(open.end());
    assertEquals(List.of(1600.0), records.samples("h1/vdbench/v1/rd_seq_write", "write_iops").stream()
        .map(Sample::value).toList());
    assertTrue(firstRowEnd < secondRowHalf);

    int rdMixFirstEnd = text.indexOf('\n', text.indexOf("09:00:05.001")) + 1;
    append(file, text.substring(secondRowHalf, rdMixFirstEnd)); // rows 2, 3, avg, rd_rand_mix's first
    rows = tail.poll();
    // rows 2 and 3, the avg_2-3 summary (dropped by the run, not the reader), rd_rand_mix's first
    assertEquals(4, rows.size(), rows.toString());
    rows.forEach(live::accept);
    // rd_rand_mix's first row closes rd_seq_write: rows at :01.002, :02.001, :03.003, gaps
    // 0.999 s and 1.002 s, median rounded 1 s: start 09:00:00.002, end at the last row
    Phase closed = records.phase("rd_seq_write").orElseThrow();
    assertEquals(utc(9, 0, 0, 2), closed.start(), 1e-6);
    assertEquals(utc(9, 0, 3, 3), closed.end(), 1e-6);
    assertNull(records.phase("rd_rand_mix").orElseThrow().end());

    append(file, text.substring(rdMixFirstEnd));
    tail.finish().forEach(live::accept);
    live.finish();
    assertEquals(List.of(), tail.problems());
    assertEquals(List.of("rd_seq_write", "rd_rand_mix"), live.runDefinitions());

    // the followed file gives what the importer gives the finished one
    Records imported = VdbenchGoldenTest.load(FIXTURE.getParent());
    for (String rd : List.of("rd_seq_write", "rd_rand_mix")) {
      assertEquals(imported.phase(rd), records.phase(rd), rd);
      String id = "h1/vdbench/v1/" + rd;
      for (String metric : List.of("read_iops", "write_iops", "read_bytes_per_s", "write_bytes_per_s",
          "read_latency_s", "write_latency_s")) {
        assertEquals(imported.samples(id, metric), records.samples(id, metric), id + " " + metric);
      }
    }
    // 10000/s at read% 70 = 7000 reads/s; 39.0625 MiB/s x 0.3 written, three rows
    assertEquals(List.of(7000.0, 7000.0, 7000.0), records.samples("h1/vdbench/v1/rd_rand_mix", "read_iops")
        .stream().map(Sample::value).toList());
    assertEquals(39.0625 * MIB * 0.3, records.samples("h1/vdbench/v1/rd_rand_mix", "write_bytes_per_s")
        .get(2).value(), 1e-6);
  }

  @Test
  void aReplacedFileIsReadAgainFromItsStartAndABadLineIsNotedNotFatal() throws IOException {
    String text = Files.readString(FIXTURE);
    Path file = dir.resolve("flatfile.html");
    Files.writeString(file, text);
    VdbenchFlatfileTail tail = new VdbenchFlatfileTail(file);
    // 8 data lines: 3 rows, avg, 3 rows, avg
    assertEquals(8, tail.poll().size());

    // vdbench empties its output directory at start: a shorter file is a new one, header and all
    int header = text.indexOf("         tod");
    int firstRowEnd = text.indexOf('\n', text.indexOf("09:00:01.002")) + 1;
    Files.writeString(file, text.substring(0, firstRowEnd) + "09:00:02.001 three cells\n");
    List<VdbenchFlatfile.Row> rows = tail.poll();
    assertEquals(1, rows.size());
    assertEquals("1", rows.get(0).get("Interval"));
    // the line numbering restarts with the file: the short row is on the header's line + 2
    int headerLine = (int) text.substring(0, header).chars().filter(c -> c == '\n').count() + 1;
    assertEquals(List.of(file + ": line " + (headerLine + 2) + ": 3 values for 29 columns"), tail.problems());
  }

  @Test
  void theLastLineWithoutItsNewlineIsARowAtTheEnd() throws IOException {
    Path file = upToRowTwoWithoutItsNewline();
    VdbenchFlatfileTail tail = new VdbenchFlatfileTail(file);
    assertEquals(1, tail.poll().size(), "row 2 may still grow");
    List<VdbenchFlatfile.Row> last = tail.finish();
    assertEquals(1, last.size());
    assertEquals("2", last.get(0).get("Interval"));
    // nothing held: finishing again adds nothing
    assertEquals(List.of(), tail.finish());
  }

  /** The fixture's flatfile cut after row 2, before that row's newline: a row vdbench may still be writing. */
  private Path upToRowTwoWithoutItsNewline() throws IOException {
    String text = Files.readString(FIXTURE);
    Path file = dir.resolve("flatfile.html");
    int firstRowEnd = text.indexOf('\n', text.indexOf("09:00:01.002")) + 1;
    int secondRowEnd = text.indexOf('\n', firstRowEnd);
    Files.writeString(file, text.substring(0, secondRowEnd));
    return file;
  }

  @Test
  void aHeldLastLineIsARowEvenWhenTheFileIsGoneAtTheEnd() throws IOException {
    Path file = upToRowTwoWithoutItsNewline();
    VdbenchFlatfileTail tail = new VdbenchFlatfileTail(file);
    assertEquals(1, tail.poll().size());
    Files.delete(file);
    List<VdbenchFlatfile.Row> last = tail.finish();
    assertEquals(List.of("2"), last.stream().map(r -> r.get("Interval")).toList());
  }

  @Test
  void windowsLineEndsGiveTheSameRows() throws IOException {
    String text = Files.readString(FIXTURE);
    Path file = dir.resolve("flatfile.html");
    Files.writeString(file, text.replace("\n", "\r\n"));
    VdbenchFlatfileTail tail = new VdbenchFlatfileTail(file);
    List<VdbenchFlatfile.Row> rows = tail.finish();
    // the 8 data lines, their last cell (queue_depth) without the carriage return
    assertEquals(8, rows.size());
    assertEquals("4", rows.get(0).get("queue_depth"));
    assertEquals(List.of(), tail.problems());
  }

  @Test
  void aLineHeldWhenTheFileWasReplacedIsDropped() throws IOException {
    String text = Files.readString(FIXTURE);
    Path file = dir.resolve("flatfile.html");
    Files.writeString(file, text + "09:00:09.999 11/30/2026-09:00:09-UTC rd_rand_mix 4");
    VdbenchFlatfileTail tail = new VdbenchFlatfileTail(file);
    assertEquals(8, tail.poll().size());
    // the new file's first line ("<pre>") is read as it is, not after the old file's half row
    int firstRowEnd = text.indexOf('\n', text.indexOf("09:00:01.002")) + 1;
    Files.writeString(file, text.substring(0, firstRowEnd));
    assertEquals(1, tail.poll().size());
    assertEquals(List.of(), tail.problems());
  }

  @Test
  void aFileLongerThanOneReadIsReadWhole() throws IOException {
    // the rows repeated past 64 KiB, the tail's read size: 60 copies of the 8 rows (1296 bytes) after the
    // 562 bytes of comments and header, 78322 bytes in all
    String text = Files.readString(FIXTURE);
    int header = text.indexOf('\n', text.indexOf("         tod")) + 1;
    String head = text.substring(0, header);
    String rows = text.substring(header, text.lastIndexOf("</pre>"));
    Path file = dir.resolve("flatfile.html");
    Files.writeString(file, head + rows.repeat(60));
    assertEquals(78322, Files.size(file));
    VdbenchFlatfileTail tail = new VdbenchFlatfileTail(file);
    assertEquals(8 * 60, tail.poll().size());
    assertEquals(List.of(), tail.problems());
  }

  @Test
  void aRowWrittenAtTheRunsStartIsItsOwnAndAnEarlierOneIsNot() throws IOException {
    // rows left from a previous run are those before notBefore; the first row, at 09:00:01.002,
    // is kept when the run began then, and dropped when it began a millisecond later
    List<VdbenchFlatfile.Row> rows = VdbenchFlatfile.read(FIXTURE);
    for (double notBefore : new double[] {utc(9, 0, 1, 2), utc(9, 0, 1, 3)}) {
      Records records = new Records();
      VdbenchLiveRun live = new VdbenchLiveRun(FIXTURE, "h1", "v1", notBefore, null, ZoneOffset.UTC, records::add);
      rows.forEach(live::accept);
      live.finish();
      int expected = notBefore == utc(9, 0, 1, 2) ? 3 : 2;
      assertEquals(expected, records.samples("h1/vdbench/v1/rd_seq_write", "write_iops").size(), "from " + notBefore);
    }
  }

  @Test
  void theFlatfileIsInTheOutputDirectoryVdbenchIsGiven() {
    Path work = Path.of("/w");
    assertEquals(Path.of("/w/output/flatfile.html"), VdbenchRunner.flatfile(List.of("vdbench", "-f", "p"), work));
    assertEquals(Path.of("/w/out1/flatfile.html"), VdbenchRunner.flatfile(List.of("vdbench", "-f", "p", "-o", "out1"), work));
    assertEquals(Path.of("/abs/flatfile.html"), VdbenchRunner.flatfile(List.of("./vdbench", "-o/abs"), work));
    assertNull(VdbenchRunner.flatfile(List.of("vdbench", "-o", "out+"), work), "a numbered directory per run");
    // a trailing -o (index 3 of 4) has no value: no index 4 to read, and "-o" alone names no
    // directory ("-oDIR" needs more than the two characters), so the default stays
    assertEquals(Path.of("/w/output/flatfile.html"), VdbenchRunner.flatfile(List.of("vdbench", "-f", "p", "-o"), work));
    assertTrue(VdbenchRunner.isVdbench("/opt/vdbench/vdbench"));
    assertFalse(VdbenchRunner.isVdbench("vdbench.bat"));
  }
}
