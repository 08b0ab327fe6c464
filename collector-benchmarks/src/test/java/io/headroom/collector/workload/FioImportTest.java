package io.headroom.collector.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.model.Phase;
import io.headroom.model.Relation;
import io.headroom.model.Run;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Imports of the captured fio outputs, checked against numbers known independently of the parser:
 * the job definitions (4 MiB in 4 KiB writes is 1024 writes) and fio's own summary fields.
 */
class FioImportTest {
  private static final Path DIR = FioGoldenTest.DIR;

  private static Records load(String fixture) throws IOException {
    Records r = new Records();
    FioJsonImporter.importFile(DIR.resolve(fixture).resolve("input.json"), "h1", "r1", "lab", r::add);
    return r;
  }

  @Test
  void summaryOfOneWriteJobCountsEveryIo() throws IOException {
    Records r = load("write-4m-json");
    String id = "h1/fio/r1/w";
    Phase w = r.phase("w").orElseThrow();
    assertEquals(1024, r.integrate(id, "write_iops", w.start()), 1e-6);
    assertEquals(4194304, r.integrate(id, "write_bytes_per_s", w.start()), 1e-3);
    assertEquals(0, r.integrate(id, "read_iops", w.start()));
    // the file's timestamp_ms is 1795997697102 and the job's runtime 4 ms
    assertEquals(1795997697.102, w.end(), 1e-6);
    assertEquals(1795997697.098, w.start(), 1e-6);
    Run run = r.runs().get(0);
    assertEquals(Map.of("tool", "fio", "fio_version", "fio-3.33", "rw", "write", "bs", 4096L,
        "iodepth", 1L, "numjobs", 1L, "jobs", 1, "source", "input.json"), run.workload());
    assertEquals(1795997697.102, run.end(), 1e-6);
  }

  @Test
  void jsonPlusBinsGiveFiosOwnP99AndIops() throws IOException {
    Records r = load("two-jobs-jsonplus");
    // fio printed clat percentile 99.000000 = 1695744 ns (seqread) and 47360 ns (randwrite),
    // read iops 10666.666667 and write iops 128000.000000
    assertEquals(1695744e-9, r.samples("h1/fio/r1/seqread", "latency_p99_s").get(0).value(), 1e-15);
    assertEquals(47360e-9, r.samples("h1/fio/r1/randwrite", "latency_p99_s").get(0).value(), 1e-15);
    assertEquals(10666.666667, r.samples("h1/fio/r1/seqread", "read_iops").get(0).value(), 1e-6);
    assertEquals(128000.0, r.samples("h1/fio/r1/randwrite", "write_iops").get(0).value(), 1e-9);
    assertEquals(List.of(new Relation("h1/fio/r1/seqread", "runs_on", "h1/socket/0")),
        r.relations("h1/fio/r1/seqread"));
    assertEquals("1", r.entity("h1/fio/r1/randwrite").attrs().get("cpus_allowed"));
    assertEquals(4L, r.entity("h1/fio/r1/randwrite").attrs().get("iodepth"));
  }

  @Test
  void clonesAreOneEntityEachAndGroupReportingOneForAll() throws IOException {
    Records clones = load("numjobs-clones");
    Records group = load("group-reporting");
    // fio's own summary: clone 0 read 167 and wrote 89 in 14 ms (iops 11928.571429 and
    // 6357.142857), clone 1 read 168 and wrote 88 in 13 ms (12923.076923, 6769.230769); 256 each
    assertEquals(List.of(11928.571429, 6357.142857, 12923.076923, 6769.230769), List.of(
        value(clones, "h1/fio/r1/clone.0", "read_iops"), value(clones, "h1/fio/r1/clone.0", "write_iops"),
        value(clones, "h1/fio/r1/clone.1", "read_iops"), value(clones, "h1/fio/r1/clone.1", "write_iops")));
    String g = "h1/fio/r1/clone";
    double start = group.phase("clone").orElseThrow().start();
    assertEquals(512, group.integrate(g, "read_iops", start) + group.integrate(g, "write_iops", start), 1e-6);
    assertEquals(true, group.entity(g).attrs().get("group_reporting"));
    assertEquals(1, group.entities().size());
    assertEquals(70L, group.entity(g).attrs().get("rwmixread"));
  }

  /** The only sample of a summary, rounded as fio rounds its iops (6 decimals). */
  private static double value(Records r, String id, String metric) {
    return Math.round(r.samples(id, metric).get(0).value() * 1e6) / 1e6;
  }

  @Test
  void stonewallStepsFollowEachOther() throws IOException {
    Records r = load("stonewall-jobfile");
    assertEquals(List.of("step 0", "w1", "w2", "r"), r.closedPhaseNames());
    Phase step0 = r.phase("step 0").orElseThrow();
    Phase read = r.phase("r").orElseThrow();
    // a summary has no step boundaries: step 1 is dated back from fio's final timestamp by r's
    // runtime (1997 ms), step 0 from there by its longest job's runtime (997 ms)
    assertEquals(1795997701.486, read.end(), 1e-6);
    assertEquals(read.end() - 1.997, read.start(), 1e-6);
    assertEquals(read.start(), step0.end(), 1e-9);
    assertEquals(step0.end() - 0.997, step0.start(), 1e-6);
    assertEquals(512, r.integrate("h1/fio/r1/r", "read_iops", read.start()), 1e-6);
    assertEquals(List.of("write", "read"), r.runs().get(0).workload().get("rw"));
  }

  @Test
  void savedLiveRunReplaysEveryInterval() throws IOException {
    Records r = load("status-interval-stream");
    String id = "h1/fio/r1/live";
    // five reports: four intervals while writing, the last adds nothing after the final one
    assertEquals(4, r.samples(id, "write_iops").size());
    assertEquals(768, r.integrate(id, "write_iops", r.phase("live").orElseThrow().start()), 1e-6);
    assertEquals(List.of(258.13692480359146, 256.0, 256.0, 245.28301886792454),
        r.samples(id, "write_iops").stream().map(s -> s.value()).toList());
  }

  @Test
  void failedJobHasItsEntityButNoSamplesOrPhases() throws IOException {
    Records r = load("failed-job");
    assertEquals("/tmp/headroom-fio-capture/notadir/f", r.entity("h1/fio/r1/bad").attrs().get("filename"));
    assertTrue(r.samples("h1/fio/r1/bad", "write_iops").isEmpty());
    assertTrue(r.closedPhaseNames().isEmpty());
  }

  @Test
  void missingFileIsAnIoErrorNamingIt(@TempDir Path tmp) {
    Path none = tmp.resolve("none.json");
    NoSuchFileException e = assertThrows(NoSuchFileException.class,
        () -> FioJsonImporter.importFile(none, "h1", "r1", "lab", rec -> { }));
    assertEquals(none.toString(), e.getMessage());
  }

  @Test
  void textBetweenObjectsIsSkipped(@TempDir Path tmp) throws IOException {
    // fio printed a job header line before the JSON in two-jobs-jsonplus; more of it is fine too
    String json = Files.readString(DIR.resolve("write-4m-json/input.json"));
    Path f = tmp.resolve("noisy.json");
    Files.writeString(f, "fio: a note\n" + json + "note: another\n");
    Records r = new Records();
    FioJsonImporter.importFile(f, "h1", "r1", "lab", r::add);
    assertEquals(1024, r.integrate("h1/fio/r1/w", "write_iops", r.phase("w").orElseThrow().start()), 1e-6);
  }
}
