package io.headroom.collector.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.headroom.model.Entity;
import io.headroom.model.Phase;
import io.headroom.model.RecordingRecord;
import io.headroom.model.Run;
import io.headroom.model.Sample;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Golden test over an HCIBench results folder of real fio output (src/test/resources/workload/hcibench,
 * NOTE.md there): each test folder a phase with the parameters of its name, each VM's file its
 * workload.
 */
class HcibenchGoldenTest {
  static final Path RUN = Path.of("src/test/resources/workload/hcibench/easy-run-1796226850");
  static final String T4K = "fio-1vmdk-100ws-4k-70rdpct-100randompct-4threads";
  static final String T64K = "fio-1vmdk-100ws-64k-100rdpct-100randompct-4threads";

  @Test
  void eachTestIsAPhaseWithItsParameters() throws Exception {
    List<RecordingRecord> records = read(RUN);
    Run run = (Run) records.get(0);
    assertEquals("hcibench", run.workload().get("tool"));
    // the last fio object of the run: the 64k test's VM 1, timestamp_ms 1796226871132
    assertEquals(1796226871.132, run.end(), 1e-6);
    List<Phase> phases = records.stream().filter(r -> r instanceof Phase).map(r -> (Phase) r).toList();
    assertEquals(List.of(T4K, T64K), phases.stream().map(Phase::name).toList());
    // the name's figures; 2 VM files in each test
    assertEquals(Map.of("vmdk", 1L, "ws", 100L, "bs", 4096L, "rdpct", 70L, "randompct", 100L, "threads", 4L, "vms", 2L),
        phases.get(0).workload());
    assertEquals(65536L, phases.get(1).workload().get("bs"));
    // the 4k test ends with its last object: VM 1's at 1796226864244 ms (VM 0's last: 864197)
    assertEquals(1796226864.244, phases.get(0).end(), 1e-6);
    // and begins with the earlier VM's I/O: VM 0's first clock, 38 ms at 1796226861152 ms, against
    // VM 1's 963 ms at 1796226862091 ms (1796226861.128)
    assertEquals(1796226861.114, phases.get(0).start(), 1e-6);
  }

  @Test
  void eachVmIsAWorkloadWithEveryByteFioCounted() throws Exception {
    List<RecordingRecord> records = read(RUN);
    List<String> workloads = records.stream().filter(r -> r instanceof Entity e && e.kind().equals("workload"))
        .map(r -> ((Entity) r).id()).toList();
    assertEquals(List.of("hci-tvm-datastore-0-0/fio/" + T4K + "/job0", "hci-tvm-datastore-0-1/fio/" + T4K + "/job0",
        "hci-tvm-datastore-0-0/fio/" + T64K + "/job0", "hci-tvm-datastore-0-1/fio/" + T64K + "/job0"), workloads);
    // the 64k test's VM 0: a sample's rate times the time since the one before is the bytes
    // fio counted between its objects (docs/benchmark-source.md); after the first object read
    // io_bytes went 27,787,264 -> 80,871,424 -> 142,213,120 -> 157,155,328 in its three more
    List<Sample> reads = records.stream().filter(r -> r instanceof Sample x
        && x.entity().equals("hci-tvm-datastore-0-0/fio/" + T64K + "/job0") && x.metric().equals("read_bytes_per_s"))
        .map(r -> (Sample) r).toList();
    assertEquals(4, reads.size());
    double[] bytes = new double[3];
    for (int k = 1; k < 4; k++) {
      bytes[k - 1] = reads.get(k).value() * (reads.get(k).ts() - reads.get(k - 1).ts());
    }
    // to 100 bytes: a ts near 1.8e9 s is held to about 2.4e-7 s, times tens of MB/s
    assertEquals(80_871_424 - 27_787_264, bytes[0], 100);
    assertEquals(142_213_120 - 80_871_424, bytes[1], 100);
    assertEquals(157_155_328 - 142_213_120, bytes[2], 100);
  }

  @Test
  void oneTestFolderIsARunOfOnePhase() throws Exception {
    List<RecordingRecord> records = read(RUN.resolve(T64K + "-1796226865"));
    assertEquals(1, records.stream().filter(r -> r instanceof Phase).count());
  }

  @Test
  void aFolderWithoutTestsIsRefused(@TempDir Path dir) throws Exception {
    FioFormatException e = assertThrows(FioFormatException.class, () -> read(dir));
    assertEquals(dir + ": no HCIBench test folder in it (fio-...-<start time>)", e.getMessage());
    Path vdb = Files.createDirectories(dir.resolve("vdb-8vmdk-100ws-4k-70rdpct-100randompct-4threads-1511829572"));
    e = assertThrows(FioFormatException.class, () -> read(dir));
    assertEquals(vdb + ": an HCIBench vdbench test; only fio tests are read (import each VM's flatfile.html "
        + "with headroom import vdbench)", e.getMessage());
  }

  /** The run's test folder for {@code test} copied into {@code into} under the name {@code as}. */
  private static Path copyTest(String test, Path into, String as) throws Exception {
    Path from;
    try (var s = Files.list(RUN)) {
      from = s.filter(p -> p.getFileName().toString().startsWith(test + "-")).findFirst().orElseThrow();
    }
    Path to = Files.createDirectories(into.resolve(as));
    try (var s = Files.list(from)) {
      for (Path f : s.toList()) {
        Files.copy(f, to.resolve(f.getFileName()));
      }
    }
    return to;
  }

  private static List<String> phaseNames(List<RecordingRecord> records) {
    return records.stream().filter(r -> r instanceof Phase).map(r -> ((Phase) r).name()).toList();
  }

  @Test
  void testsAreInTheOrderOfTheirStartTimesNotTheirNames(@TempDir Path dir) throws Exception {
    // 999999999 (9 digits) is before 1796226857 though its name sorts after it
    copyTest(T4K, dir, T4K + "-1796226857");
    copyTest(T64K, dir, T64K + "-999999999");
    assertEquals(List.of(T64K, T4K), phaseNames(read(dir)));
  }

  @Test
  void testsOfTheSameStartAreInNameOrder(@TempDir Path dir) throws Exception {
    copyTest(T64K, dir, T64K + "-1796226857");
    copyTest(T4K, dir, T4K + "-1796226857");
    assertEquals(List.of(T4K, T64K), phaseNames(read(dir)));
  }

  @Test
  void testsOfTheSameParametersKeepTheirStartTimes(@TempDir Path dir) throws Exception {
    copyTest(T4K, dir, T4K + "-1796226857");
    copyTest(T4K, dir, T4K + "-1796226999");
    copyTest(T64K, dir, T64K + "-1796226865");
    // by start time: 857, 865, 999; only the two 4k tests need their times to be told apart
    assertEquals(List.of(T4K + "-1796226857", T64K, T4K + "-1796226999"), phaseNames(read(dir)));
  }

  @Test
  void otherFilesAndFoldersAreLeftAlone(@TempDir Path dir) throws Exception {
    // HCIBench writes logs and summaries beside the VMs' files and the tests
    Path test = copyTest(T4K, dir, T4K + "-1796226857");
    Files.writeString(test.resolve("fio-1vmdk-100ws-4k-70rdpct-100randompct-4threads-res.txt"), "summary\n");
    Files.createDirectories(dir.resolve("logs"));
    Files.writeString(dir.resolve(T64K + "-1796226865"), "a file, not a test folder\n");
    List<RecordingRecord> records = read(dir);
    assertEquals(List.of(T4K), phaseNames(records));
    assertEquals(2L, records.stream().filter(r -> r instanceof Phase).map(r -> (Phase) r).findFirst()
        .orElseThrow().workload().get("vms"));
  }

  @Test
  void theNameGivesTheParameters() {
    assertEquals(Map.of("vmdk", 8L, "ws", 100L, "bs", 1_048_576L, "rdpct", 0L, "randompct", 0L, "threads", 1L),
        HcibenchImporter.params("8vmdk-100ws-1m-0rdpct-0randompct-1threads"));
  }

  private static List<RecordingRecord> read(Path dir) throws Exception {
    List<RecordingRecord> out = new ArrayList<>();
    HcibenchImporter.importDir(dir, "r", "lab", out::add);
    return out;
  }
}
