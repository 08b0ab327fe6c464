package io.headroom.collector.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.model.Phase;
import io.headroom.model.Sample;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** vdbench flatfile imports checked against the numbers written into the fixtures (make_fixtures.py). */
class VdbenchImportTest {
  private static final double MIB = 1024 * 1024;

  private static Records load(String name) throws IOException {
    return VdbenchGoldenTest.load(VdbenchGoldenTest.DIR.resolve(name));
  }

  private static double epoch(int y, int mo, int d, int h, int mi, int s, int ms, String zone) {
    return ZonedDateTime.of(y, mo, d, h, mi, s, ms * 1_000_000, ZoneId.of(zone)).toInstant().toEpochMilli() / 1000.0;
  }

  private static List<Double> values(Records r, String id, String metric) {
    return r.samples(id, metric).stream().map(Sample::value).toList();
  }

  @Test
  void eachRunDefinitionIsAPhaseWithItsIntervals() throws IOException {
    Records r = load("block-two-runs");
    String seq = "h1/vdbench/v1/rd_seq_write";
    String mix = "h1/vdbench/v1/rd_rand_mix";
    // 1600 writes/s of 64 KiB = 100 MiB/s, three intervals; the avg_2-3 row is not one
    assertEquals(List.of(1600.0, 1600.0, 1600.0), values(r, seq, "write_iops"));
    assertEquals(List.of(100 * MIB, 100 * MIB, 100 * MIB), values(r, seq, "write_bytes_per_s"));
    assertEquals(List.of(0.0, 0.0, 0.0), values(r, seq, "read_iops"));
    assertTrue(r.samples(seq, "read_latency_s").isEmpty(), "no reads, no read latency");
    assertEquals(0.0025, values(r, seq, "write_latency_s").get(0));
    // 10000/s at read% 70: 7000 reads and 3000 writes; 39.0625 MiB/s split the same way
    assertEquals(7000.0, values(r, mix, "read_iops").get(0));
    assertEquals(3000.0, values(r, mix, "write_iops").get(0));
    assertEquals(39.0625 * MIB * 0.7, values(r, mix, "read_bytes_per_s").get(0), 1e-6);
    assertEquals(0.0008, values(r, mix, "read_latency_s").get(0));
    // rows are interval ends, one second apart: the phase starts a second before the first
    Phase p = r.phase("rd_seq_write").orElseThrow();
    assertEquals(epoch(2026, 11, 30, 9, 0, 0, 2, "UTC"), p.start(), 1e-6);
    assertEquals(epoch(2026, 11, 30, 9, 0, 3, 3, "UTC"), p.end(), 1e-6);
    assertEquals(List.of("rd_seq_write", "rd_rand_mix"), r.closedPhaseNames());
    assertEquals(70L, r.entity(mix).attrs().get("rdpct"));
    assertEquals(4096L, r.entity(mix).attrs().get("xfersize"));
    assertEquals(8L, r.entity(mix).attrs().get("threads"));
  }

  @Test
  void todOnlyFileFollowsTheClockPastMidnight() throws IOException {
    Records r = load("tod-only-midnight");
    List<Double> ts = r.samples("h1/vdbench/v1/rd_read_8k", "read_iops").stream().map(Sample::ts).toList();
    assertEquals(List.of(epoch(2026, 11, 29, 23, 59, 58, 503, "Europe/Berlin"),
        epoch(2026, 11, 29, 23, 59, 59, 501, "Europe/Berlin"),
        epoch(2026, 11, 30, 0, 0, 0, 502, "Europe/Berlin"),
        epoch(2026, 11, 30, 0, 0, 1, 501, "Europe/Berlin")), ts);
    // MB/sec is printed with 4 decimals: 3.9063 MiB/s, not 500 * 8 KiB
    assertEquals(3.9063 * MIB, values(r, "h1/vdbench/v1/rd_read_8k", "read_bytes_per_s").get(0), 1e-6);
  }

  @Test
  void fileSystemRunUsesItsPerDirectionColumnsAndSkipsTheFormatRun() throws IOException {
    Records r = load("filesystem-run");
    String rd1 = "h1/vdbench/v1/rd1";
    assertEquals(List.of("rd1"), r.closedPhaseNames());
    assertEquals(1, r.entities().size());
    assertEquals(List.of(200.0, 240.0), values(r, rd1, "read_iops"));
    assertEquals(List.of(100.0, 120.0), values(r, rd1, "write_iops"));
    assertEquals(List.of(12.5 * MIB, 15 * MIB), values(r, rd1, "write_bytes_per_s"));
    assertEquals(0.0035, values(r, rd1, "write_latency_s").get(0));
    // timestamp zone CET: 11:00:04.002 CET is the first row
    assertEquals(epoch(2026, 11, 30, 11, 0, 4, 2, "CET"), r.samples(rd1, "read_iops").get(0).ts(), 1e-6);
  }

  @Test
  void aSingleRowIsOneSecondLong() {
    assertEquals(9.0, VdbenchFlatfileImporter.phaseStart(List.of(10.0)));
  }

  @Test
  void twoRowsGiveTheirGapAsTheInterval() {
    // interval=3: rows at 10 and 13, the first interval began at 7
    assertEquals(7.0, VdbenchFlatfileImporter.phaseStart(List.of(10.0, 13.0)));
  }

  @Test
  void theIntervalIsTheMedianGapRounded() {
    // gaps 5, 5, 1, 1 in that order: sorted 1, 1, 5, 5 and the upper middle one is 5
    assertEquals(5.0, VdbenchFlatfileImporter.phaseStart(List.of(10.0, 15.0, 20.0, 21.0, 22.0)));
    // gaps 2.003 and 1.998: the upper one, 2.003, is 2 s to the whole second
    assertEquals(8.0, VdbenchFlatfileImporter.phaseStart(List.of(10.0, 12.003, 14.001)), 1e-9);
    // gaps of 0.2 s round to 0: at least a second
    assertEquals(9.0, VdbenchFlatfileImporter.phaseStart(List.of(10.0, 10.2, 10.4)));
  }

  @Test
  void aReadOnlyRunHasNoWriteLatency(@TempDir Path dir) throws IOException {
    // block-two-runs with rd_seq_write's rows turned into reads: read% 100, read_resp 2.5, write_resp 0
    String text = Files.readString(VdbenchGoldenTest.DIR.resolve("block-two-runs/flatfile.html"));
    Path f = Files.createDirectories(dir.resolve("reads")).resolve("flatfile.html");
    Files.writeString(f, text.replace(" 65536 0 2.5 0 2.5 ", " 65536 100 2.5 2.5 0 "));
    Records r = VdbenchGoldenTest.load(f.getParent());
    String seq = "h1/vdbench/v1/rd_seq_write";
    assertEquals(List.of(1600.0, 1600.0, 1600.0), values(r, seq, "read_iops"));
    assertEquals(0.0025, values(r, seq, "read_latency_s").get(0));
    assertEquals(List.of(0.0, 0.0, 0.0), values(r, seq, "write_iops"));
    assertTrue(r.samples(seq, "write_latency_s").isEmpty(), "no writes, no write latency");
  }

  @Test
  void aFileWithoutItsHeaderIsRefused(@TempDir Path dir) throws IOException {
    Path f = dir.resolve("flatfile.html");
    Files.writeString(f, "<pre>\n* only comments\n</pre>\n");
    FioFormatException e = assertThrows(FioFormatException.class,
        () -> VdbenchFlatfile.read(f));
    assertEquals(f + ": no column header line: not a vdbench flatfile", e.getMessage());
  }

  @Test
  void todGoingBackTwelveHoursIsTheSameDayAndMoreIsTheNext() {
    // 20:00 then 08:00 is exactly 12 h back: not a wrap; 20:00 then 07:59:59 is: the next day
    VdbenchTime same = new VdbenchTime(LocalDate.of(2026, 11, 30), ZoneOffset.UTC);
    same.of("20:00:00.000", null);
    assertEquals(epoch(2026, 11, 30, 8, 0, 0, 0, "UTC"), same.of("08:00:00.000", null), 1e-9);
    VdbenchTime next = new VdbenchTime(LocalDate.of(2026, 11, 30), ZoneOffset.UTC);
    next.of("20:00:00.000", null);
    assertEquals(epoch(2026, 12, 1, 7, 59, 59, 0, "UTC"), next.of("07:59:59.000", null), 1e-9);
  }
}
