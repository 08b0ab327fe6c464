package io.headroom.collector.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.headroom.model.Entity;
import io.headroom.model.Phase;
import io.headroom.model.RecordingRecord;
import io.headroom.model.Relation;
import io.headroom.model.Run;
import io.headroom.model.Sample;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Golden tests over real sysbench 1.0.20 logs (src/test/resources/workload/sysbench, NOTE.md
 * there says how each was made): every interval line becomes the workload's samples at its offset
 * from the start, the run ends at --end and starts the summary's total time before.
 */
class SysbenchGoldenTest {
  static final Path DIR = Path.of("src/test/resources/workload/sysbench");
  static final double END = 1_796_500_000.0;

  @Test
  void oltpLinesAreTransactionsQueriesAndTheP99() throws Exception {
    List<RecordingRecord> records = read("oltp.log");
    Run run = (Run) records.get(0);
    // total time: 6.0781s
    assertEquals(END - 6.0781, run.start(), 1e-6);
    assertEquals(END, run.end());
    assertEquals("sysbench", run.workload().get("tool"));
    assertEquals("1.0.20", run.workload().get("version"));
    assertEquals(new Phase("r", "sysbench", END - 6.0781, END), records.get(1));
    Entity e = (Entity) records.get(2);
    assertEquals("h1/sysbench/r", e.id());
    // "[ 1s ] thds: 4 ..."
    assertEquals(4L, e.attrs().get("threads"));
    assertEquals(new Relation("h1/sysbench/r", "runs_on", "h1/cpu"), records.get(3));
    // six lines, three figures each (tps, qps, lat (ms,99%)); err/s, reconn/s and thds are not metrics
    List<Sample> samples = samples(records);
    assertEquals(18, samples.size());
    double t1 = END - 6.0781 + 1;
    same(samples.get(0), t1, "transactions_per_s", 20.62);
    same(samples.get(1), t1, "queries_per_s", 435.89);
    // 331.91 ms
    same(samples.get(2), t1, "latency_p99_s", 0.33191);
    // the last line, "[ 6s ] thds: 3 tps: 46.24 qps: 958.71 ..."
    same(samples.get(15), END - 6.0781 + 6, "transactions_per_s", 46.24);
  }

  @Test
  void fileioLinesAreBytesInMebibytesAndTheP95() throws Exception {
    List<Sample> samples = samples(read("fileio.log"));
    // five lines: reads, writes (MiB/s), latency (ms,95%); fsyncs/s is not a metric
    assertEquals(15, samples.size());
    // "[ 1s ] reads: 55.95 MiB/s writes: 37.30 MiB/s fsyncs: 234.88/s latency (ms,95%): 0.023"
    assertEquals("read_bytes_per_s", samples.get(0).metric());
    assertEquals(55.95 * 1_048_576, samples.get(0).value(), 1e-6);
    assertEquals(37.30 * 1_048_576, samples.get(1).value(), 1e-6);
    same(samples.get(2), END - 5.0155 + 1, "latency_p95_s", 0.000023);
  }

  @Test
  void cpuLinesAreEvents() throws Exception {
    List<Sample> samples = samples(read("cpu.log"));
    // four lines in the 5 s run, eps and lat (ms,95%) each
    assertEquals(8, samples.size());
    same(samples.get(0), END - 5.0464 + 1, "events_per_s", 365.49);
    same(samples.get(7), END - 5.0464 + 4, "latency_p95_s", 0.04417);
  }

  @Test
  void aLogWithoutIntervalLinesIsRefused(@TempDir Path dir) throws Exception {
    // the cpu log without its "[ Ns ]" lines: what sysbench prints without --report-interval
    Path log = dir.resolve("summary-only.log");
    Files.write(log, Files.readAllLines(DIR.resolve("cpu.log")).stream().filter(l -> !l.startsWith("[")).toList());
    FioFormatException e = assertThrows(FioFormatException.class,
        () -> SysbenchLogImporter.importFile(log, "h1", "r", "lab", END, x -> { }));
    assertEquals(log + ": no sysbench interval line (\"[ 1s ] ...\"): run sysbench with --report-interval=1", e.getMessage());
  }

  @Test
  void aPercentileWithoutItsMetricIsNotRecorded() {
    // --percentile=90 has no declared metric: the line's other figures stay
    SysbenchLog.Interval i = SysbenchLog.interval(1, "thds: 2 eps: 365.49 lat (ms,90%): 40.00");
    assertEquals(90.0, i.percentile());
    assertEquals(null, SysbenchRecords.metric("latency_s", 90));
    assertEquals("events_per_s", SysbenchRecords.metric("eps", 90).name());
  }

  @Test
  void withoutAnEndTheLogsLastChangeIsTheEnd(@TempDir Path dir) throws Exception {
    Path log = Files.copy(DIR.resolve("cpu.log"), dir.resolve("cpu.log"));
    Files.setLastModifiedTime(log, FileTime.fromMillis(1_796_500_123_456L));
    List<RecordingRecord> out = new ArrayList<>();
    SysbenchLogImporter.importFile(log, "h1", "r", "lab", null, out::add);
    Run run = (Run) out.get(0);
    // total time: 5.0464s before the file's last change
    assertEquals(1_796_500_123.456, run.end(), 1e-6);
    assertEquals(1_796_500_123.456 - 5.0464, run.start(), 1e-6);
  }

  @Test
  void withoutTheSummaryTheLastIntervalGivesTheLength(@TempDir Path dir) throws Exception {
    // cpu.log cut after its fourth interval line: no "total time", the run is 4 s long
    List<String> lines = Files.readAllLines(DIR.resolve("cpu.log"));
    int last = lines.indexOf(lines.stream().filter(l -> l.startsWith("[ 4s ]")).findFirst().orElseThrow());
    Path log = Files.write(dir.resolve("cut.log"), lines.subList(0, last + 1));
    List<RecordingRecord> out = new ArrayList<>();
    SysbenchLogImporter.importFile(log, "h1", "r", "lab", END, out::add);
    assertEquals(END - 4, ((Run) out.get(0)).start(), 1e-9);
  }

  @Test
  void theEntityIsTheRunsOnSysbench() {
    assertEquals("h1/sysbench/r1", new SysbenchRecords("h1", "r1", rec -> { }).entityId());
  }

  /** The sample at that time of that metric, its value to the last few bits (ms / 1000 is not exact). */
  private static void same(Sample s, double ts, String metric, double value) {
    assertEquals(ts, s.ts(), 1e-6);
    assertEquals("h1/sysbench/r", s.entity());
    assertEquals(metric, s.metric());
    assertEquals(value, s.value(), Math.abs(value) * 1e-12);
  }

  private static List<RecordingRecord> read(String name) throws Exception {
    List<RecordingRecord> out = new ArrayList<>();
    SysbenchLogImporter.importFile(DIR.resolve(name), "h1", "r", "lab", END, out::add);
    return out;
  }

  private static List<Sample> samples(List<RecordingRecord> records) {
    return records.stream().filter(r -> r instanceof Sample).map(r -> (Sample) r).toList();
  }
}
