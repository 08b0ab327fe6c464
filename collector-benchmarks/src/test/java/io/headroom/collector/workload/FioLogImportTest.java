package io.headroom.collector.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.headroom.model.Sample;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * fio's log files on real output of fio 3.33 (src/test/resources/workload/fio-files, README.md
 * there): every expected figure is worked out here from the log files' own lines, by the
 * arithmetic the README states, not taken from the importer.
 */
class FioLogImportTest {
  static final Path DIR = Path.of("src/test/resources/workload/fio-files/randrw-two-jobs");
  @TempDir Path tmp;

  /** A log's values of one direction, in file order: column 2 of the rows whose column 3 is it. */
  static List<Long> column(Path log, int direction) throws IOException {
    List<Long> out = new ArrayList<>();
    for (String line : Files.readAllLines(log)) {
      String[] f = line.split(", ");
      if (Integer.parseInt(f[2]) == direction) {
        out.add(Long.parseLong(f[1]));
      }
    }
    return out;
  }

  static Records importOf(List<Path> files, List<String> notes) throws IOException {
    Records r = new Records();
    notes.addAll(FioImport.importFiles(files, "h1", "r1", "lab", null, r::add));
    return r;
  }

  @Test
  void theJsonFindsTheLogsItsOptionsNameAndEachJobsIopsAreItsIopsLog() throws IOException {
    List<String> notes = new ArrayList<>();
    Records r = importOf(List.of(DIR.resolve("out.json")), notes);
    assertEquals(List.of(), notes);
    // thread 1 is the first entry of the JSON (mix.0), thread 2 the second (mix.1)
    for (int thread = 1; thread <= 2; thread++) {
      String id = "h1/fio/r1/mix." + (thread - 1);
      Path iops = DIR.resolve("mix_iops." + thread + ".log");
      assertEquals(doubles(column(iops, 0)), values(r.samples(id, "read_iops")));
      assertEquals(doubles(column(iops, 1)), values(r.samples(id, "write_iops")));
      Path bw = DIR.resolve("mix_bw." + thread + ".log");
      assertEquals(column(bw, 0).stream().map(kib -> kib * 1024.0).toList(), values(r.samples(id, "read_bytes_per_s")));
      Path clat = DIR.resolve("mix_clat." + thread + ".log");
      assertEquals(column(clat, 1).stream().map(ns -> ns / 1e9).toList(), values(r.samples(id, "write_latency_s")));
    }
    // 4 one-second windows of iops rows per job (fio 3.33 writes no row for the last, partial one)
    List<Sample> reads = r.samples("h1/fio/r1/mix.0", "read_iops");
    assertEquals(4, reads.size());
    double start = r.phase("mix").orElseThrow().start();
    for (int k = 1; k <= 4; k++) {
      // window k's sample sits k seconds after the job's start (row times 1000, 2000, 3002, 4003 ms)
      assertEquals(k, reads.get(k - 1).ts() - start, 1e-3);
    }
  }

  @Test
  void thePhasesMeanIopsIsTheSumOfTheIopsLogsOverTheWindows() throws IOException {
    Records r = importOf(List.of(DIR.resolve("out.json")), new ArrayList<>());
    double logSum = 0;
    for (int thread = 1; thread <= 2; thread++) {
      for (int d = 0; d <= 1; d++) {
        logSum += column(DIR.resolve("mix_iops." + thread + ".log"), d).stream().mapToLong(Long::longValue).sum();
      }
    }
    double imported = 0;
    for (String id : List.of("h1/fio/r1/mix.0", "h1/fio/r1/mix.1")) {
      for (String m : List.of("read_iops", "write_iops")) {
        imported += r.samples(id, m).stream().mapToDouble(Sample::value).sum();
      }
    }
    // README: (151+143+156+150 + 50+48+52+50) + (150+144+155+150 + 50+48+51+50) = 1598 over 4 windows
    assertEquals(1598, logSum);
    assertEquals(logSum / 4, imported / 4, 1e-9);
  }

  @Test
  void aWindowsP99IsFiosRuleOverItsReadAndWriteHistogramRows() throws IOException {
    Records r = importOf(List.of(DIR.resolve("out.json")), new ArrayList<>());
    List<String> rows = Files.readAllLines(DIR.resolve("mix_clat_hist.1.log"));
    List<Sample> p99 = r.samples("h1/fio/r1/mix.0", "latency_p99_s");
    assertEquals(4, p99.size());
    for (int k = 0; k < 4; k++) {
      long[] read = longs(rows.get(2 * k));
      long[] write = longs(rows.get(2 * k + 1));
      assertEquals(0, read[1]);
      assertEquals(1, write[1]);
      long total = 0;
      for (int i = 3; i < read.length; i++) {
        total += read[i] + write[i];
      }
      long running = 0;
      int bin = -1;
      for (int i = 3; i < read.length && bin < 0; i++) {
        running += read[i] + write[i];
        if (running >= 0.99 * total) {
          bin = i - 3;
        }
      }
      assertEquals(fioValueOfBin(bin) / 1e9, p99.get(k).value(), 1e-15, "window " + (k + 1));
    }
  }

  @Test
  void thePhasesLatencyIsTheMergedHistogramOfItsJobsBesideTheWorstJobs() throws IOException {
    Records r = importOf(List.of(DIR.resolve("out.json")), new ArrayList<>());
    // from out.json's json+ bins: read and write bins of both jobs added, 2000 I/Os; 99% of them
    // is 1980, reached at the bin of 8847360 ns (README); each job's own p99 9240576 and 8716288 ns
    JsonNode json = new ObjectMapper().readTree(DIR.resolve("out.json").toFile());
    java.util.TreeMap<Long, Long> merged = new java.util.TreeMap<>();
    List<Long> jobP99 = new ArrayList<>();
    for (JsonNode job : json.get("jobs")) {
      java.util.TreeMap<Long, Long> own = new java.util.TreeMap<>();
      for (String d : List.of("read", "write")) {
        job.get(d).get("clat_ns").get("bins").fields().forEachRemaining(e -> {
          merged.merge(Long.parseLong(e.getKey()), e.getValue().asLong(), Long::sum);
          own.merge(Long.parseLong(e.getKey()), e.getValue().asLong(), Long::sum);
        });
      }
      jobP99.add(firstReaching(own, 99));
    }
    assertEquals(8847360L, firstReaching(merged, 99));
    assertEquals(List.of(9240576L, 8716288L), jobP99);
    Map<?, ?> mix = (Map<?, ?>) ((Map<?, ?>) r.runs().get(0).workload().get("latency")).get("mix");
    Map<?, ?> m = (Map<?, ?>) mix.get("merged");
    assertEquals(8847360 / 1e9, m.get("p99_s"));
    assertEquals(firstReaching(merged, 50) / 1e9, m.get("p50_s"));
    assertEquals(firstReaching(merged, 99.9) / 1e9, m.get("p99.9_s"));
    assertEquals(2000L, m.get("ios"));
    assertEquals(2, m.get("workloads"));
    assertEquals(Map.of("workload", "h1/fio/r1/mix.0", "p99_s", 9240576 / 1e9), mix.get("worst_workload"));
    assertEquals("json+ clat bins", mix.get("from"));
  }

  @Test
  void fromHistogramLogsAloneThePhasesLatencyAddsTheirWindows() throws IOException {
    Records r = new Records();
    FioImport.importFiles(List.of(DIR.resolve("mix_clat_hist.1.log"), DIR.resolve("mix_clat_hist.2.log")),
        "h1", "r1", "lab", 1000.0, r::add);
    // every row of both logs added column by column: 1606 I/Os; the 99% (1589.94) is reached in
    // column 1166, fio's value 10289152 ns; log 2's own p99 (column 1167, 10420224 ns) is the worse
    java.util.TreeMap<Long, Long> merged = new java.util.TreeMap<>();
    for (int thread = 1; thread <= 2; thread++) {
      for (String row : Files.readAllLines(DIR.resolve("mix_clat_hist." + thread + ".log"))) {
        long[] v = longs(row);
        for (int i = 3; i < v.length; i++) {
          merged.merge((long) (i - 3), v[i], Long::sum);
        }
      }
    }
    assertEquals(1606, merged.values().stream().mapToLong(Long::longValue).sum());
    assertEquals(1166L, firstReaching(merged, 99));
    Map<?, ?> mix = (Map<?, ?>) ((Map<?, ?>) r.runs().get(0).workload().get("latency")).get("mix");
    assertEquals(fioValueOfBin(1166) / 1e9, ((Map<?, ?>) mix.get("merged")).get("p99_s"));
    assertEquals(10289152L, fioValueOfBin(1166));
    assertEquals(Map.of("workload", "h1/fio/r1/mix.2", "p99_s", 10420224 / 1e9), mix.get("worst_workload"));
    assertEquals("clat_hist logs", mix.get("from"));
  }

  /** fio's rule: the first key at which the running count reaches pct% of the total. */
  static long firstReaching(java.util.NavigableMap<Long, Long> bins, double pct) {
    long total = bins.values().stream().mapToLong(Long::longValue).sum();
    long running = 0;
    for (Map.Entry<Long, Long> e : bins.entrySet()) {
      running += e.getValue();
      if (running >= pct / 100 * total) {
        return e.getKey();
      }
    }
    throw new AssertionError("empty");
  }

  /** stat.c plat_idx_to_val: bins below 128 are exact; above, the middle of the bin's range. */
  static long fioValueOfBin(int idx) {
    if (idx < 128) {
      return idx;
    }
    int errorBits = (idx >> 6) - 1;
    return (1L << (errorBits + 6)) + (long) ((idx % 64 + 0.5) * (1L << errorBits));
  }

  @Test
  void aGroupReportedEntryAddsItsThreadsLogsAndTheNextEntryHasTheNextThread() throws IOException {
    Path dir = FioFilesGoldenTest.DIR.resolve("group-reporting-logs");
    Records r = importOf(List.of(dir.resolve("out.json")), new ArrayList<>());
    // entry a (numjobs=2 under group_reporting) is threads 1 and 2, entry b thread 3 (README)
    List<Long> one = column(dir.resolve("g_iops.1.log"), 0);
    List<Long> two = column(dir.resolve("g_iops.2.log"), 0);
    List<Double> summed = new ArrayList<>();
    for (int k = 0; k < one.size(); k++) {
      summed.add((double) (one.get(k) + two.get(k)));
    }
    assertEquals(List.of(201.0, 198.0), summed);
    assertEquals(summed, values(r.samples("h1/fio/r1/a", "read_iops")));
    assertEquals(doubles(column(dir.resolve("g_iops.3.log"), 1)), values(r.samples("h1/fio/r1/b", "write_iops")));
    assertEquals(List.of(0.0, 0.0), values(r.samples("h1/fio/r1/b", "read_iops")));
  }

  @Test
  void aJsonWithOneReadingPerJobSaysWhatToDo() throws IOException {
    Path json = Path.of("src/test/resources/workload/fio/write-4m-json/input.json");
    List<String> notes = new ArrayList<>();
    importOf(List.of(json), notes);
    assertEquals(List.of(json + ": one reading per job: re-run with --status-interval=1 or"
        + " --write_iops_log=NAME --log_avg_msec=1000, or give the log files"), notes);
  }

  @Test
  void logsTheOptionsNameButThatAreNotThereAreNamed() throws IOException {
    Path json = Files.copy(DIR.resolve("out.json"), tmp.resolve("out.json"));
    List<String> notes = new ArrayList<>();
    Records r = importOf(List.of(json, Files.copy(DIR.resolve("mix_iops.1.log"), tmp.resolve("mix_iops.1.log"))), notes);
    assertEquals(List.of(
        json + ": write_bw_log=mix names mix_bw.1.log, mix_bw.2.log; not found in " + tmp + ": give them as LOG arguments",
        json + ": write_iops_log=mix names mix_iops.2.log; not found in " + tmp + ": give them as LOG arguments",
        json + ": write_lat_log=mix names mix_clat.1.log, mix_clat.2.log; not found in " + tmp + ": give them as LOG arguments",
        json + ": write_hist_log=mix names mix_clat_hist.1.log, mix_clat_hist.2.log; not found in " + tmp
            + ": give them as LOG arguments",
        json + ": " + FioImport.ONE_READING), notes);
    // the job with its iops log has its windows; the other keeps the JSON's one whole-job reading
    assertEquals(4, r.samples("h1/fio/r1/mix.0", "read_iops").size());
    assertEquals(1, r.samples("h1/fio/r1/mix.1", "read_iops").size());
  }

  @Test
  void logsAloneEndAtTheGivenTimeAndStartTheirLongestLogEarlier() throws IOException {
    Records r = new Records();
    List<Path> logs = List.of(DIR.resolve("mix_iops.1.log"), DIR.resolve("mix_iops.2.log"), DIR.resolve("mix_lat.1.log"));
    List<String> notes = FioImport.importFiles(logs, "h1", "r1", "lab", 1000.0, r::add);
    assertEquals(List.of(DIR.resolve("mix_lat.1.log") + ": not read: the latency metrics are completion latency (the _clat log)"), notes);
    assertEquals(List.of("h1/fio/r1/mix.1", "h1/fio/r1/mix.2"), r.entities().stream().map(e -> e.id()).toList());
    // the longest log's last row is at 4003 ms: the run spans 1000 - 4.003 s to 1000 s
    assertEquals(1000 - 4.003, r.runs().get(0).start(), 1e-9);
    assertEquals(doubles(column(DIR.resolve("mix_iops.2.log"), 0)), values(r.samples("h1/fio/r1/mix.2", "read_iops")));
    assertEquals(1000 - 4.003 + 4, r.samples("h1/fio/r1/mix.2", "read_iops").get(3).ts(), 1e-9);
  }

  @Test
  void aLogThatIsNotWhatFioWritesIsRefusedNamingItsLine() throws IOException {
    Path perIo = Files.writeString(tmp.resolve("j_iops.1.log"), "3, 1, 1, 4096, 0\n");
    FioFormatException e = assertThrows(FioFormatException.class, () -> importOf(List.of(perIo), new ArrayList<>()));
    assertEquals(perIo + ": line 1: a row per I/O (block size 4096): Headroom reads windowed logs;"
        + " re-run with --log_avg_msec=1000", e.getMessage());
    Path bad = Files.writeString(tmp.resolve("j_bw.1.log"), "1000, 5, 0, 0, 0\n2000, x5, 0, 0, 0\n");
    e = assertThrows(FioFormatException.class, () -> importOf(List.of(bad), new ArrayList<>()));
    assertEquals(bad + ": line 2: column 2 \"x5\" is not a whole number", e.getMessage());
  }

  private static long[] longs(String row) {
    String[] f = row.split(", ");
    long[] out = new long[f.length];
    for (int i = 0; i < f.length; i++) {
      out[i] = Long.parseLong(f[i].trim());
    }
    return out;
  }

  private static List<Double> doubles(List<Long> v) {
    return v.stream().map(Long::doubleValue).toList();
  }

  private static List<Double> values(List<Sample> s) {
    return s.stream().map(Sample::value).toList();
  }
}
