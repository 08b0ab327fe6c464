package io.headroom.collector.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.headroom.model.Phase;
import io.headroom.model.RecordingRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 48: numbers in a benchmark's output that no reading can be, at each importer's entrance:
 * refused naming the file and its line (or the folder), never a NumberFormatException or a value
 * drawn on the report. vdbench's are golden cases (error-negative-rate, error-nan-rate,
 * error-infinite-rate in VdbenchGoldenTest).
 */
class ImportEntranceTest {
  @TempDir Path dir;

  /** A copy of the HCIBench run's 4k test folder under another name. */
  private Path test(String name) throws Exception {
    Path from = HcibenchGoldenTest.RUN.resolve(HcibenchGoldenTest.T4K + "-1796226857");
    Path to = Files.createDirectories(dir.resolve("run").resolve(name));
    try (Stream<Path> vms = Files.list(from)) {
      for (Path vm : vms.toList()) {
        Files.copy(vm, to.resolve(vm.getFileName()));
      }
    }
    return to;
  }

  /** A 23-digit "start time" (it threw NumberFormatException) sorts after a 10-digit one; both import. */
  @Test
  void anHcibenchStartTimePastALongStillSorts() throws Exception {
    test("fio-1vmdk-100ws-4k-70rdpct-100randompct-4threads-12345678901234567890123");
    test("fio-1vmdk-100ws-4k-70rdpct-100randompct-2threads-1796226857");
    List<RecordingRecord> records = new ArrayList<>();
    HcibenchImporter.importDir(dir.resolve("run"), "r", "lab", records::add);
    List<String> phases = records.stream().filter(r -> r instanceof Phase).map(r -> ((Phase) r).name()).toList();
    assertEquals(List.of("fio-1vmdk-100ws-4k-70rdpct-100randompct-2threads",
        "fio-1vmdk-100ws-4k-70rdpct-100randompct-4threads"), phases);
  }

  @Test
  void anHcibenchCountPastALongIsRefusedNamingTheFolder() throws Exception {
    Path test = test("fio-99999999999999999999999vmdk-100ws-4k-70rdpct-100randompct-4threads-1796226857");
    FioFormatException e = assertThrows(FioFormatException.class,
        () -> HcibenchImporter.importDir(dir.resolve("run"), "r", "lab", r -> { }));
    assertEquals(test + ": \"99999999999999999999999vmdk\" in the folder's name: 99999999999999999999999 is past any"
        + " count or size HCIBench sets", e.getMessage());
  }

  /** sysbench's figures are digits only; 400 of them are past a double: infinity, refused with its line. */
  @Test
  void aSysbenchFigurePastADoubleIsRefusedNamingItsLine() throws Exception {
    String text = Files.readString(SysbenchGoldenTest.DIR.resolve("cpu.log"))
        .replace("[ 2s ] thds: 2 eps: 435.58", "[ 2s ] thds: 2 eps: 4" + "0".repeat(400));
    Path log = Files.writeString(dir.resolve("cpu.log"), text);
    FioFormatException e = assertThrows(FioFormatException.class,
        () -> SysbenchLogImporter.importFile(log, "h1", "r", "lab", 2e9, r -> { }));
    // line 16 of cpu.log is the 2 s interval
    assertEquals(log + ": line 16: events_per_s of h1/sysbench/r is Infinity: a reading must be a finite number", e.getMessage());
  }

  /** A run ending at 1e300 s (a --end no clock reaches) is refused as the records' time, naming the file. */
  @Test
  void aSysbenchRunOutsideTheStoresTimesIsRefused() throws Exception {
    Path log = SysbenchGoldenTest.DIR.resolve("cpu.log");
    FioFormatException e = assertThrows(FioFormatException.class,
        () -> SysbenchLogImporter.importFile(log, "h1", "r", "lab", 1e300, r -> { }));
    assertEquals(true, e.getMessage().startsWith(log + ": run \"r\"'s start 1.0E300 is no time"), e.getMessage());
  }
}
