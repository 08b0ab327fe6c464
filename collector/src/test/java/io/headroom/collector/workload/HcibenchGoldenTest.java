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
