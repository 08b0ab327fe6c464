package io.headroom.app.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReportFormatTest {
  @Test
  void ceilingsAreWrittenInTheirUnits() {
    // 100 GbE: 1e11 bit/s / 8 = 1.25e10 B/s = 12.5 GB/s; a Gen3 x4 link 3.94e9 B/s
    assertEquals("12.5 GB/s", ReportFormat.ceilings(Map.of("bytes_per_s", 1.25e10)));
    Map<String, Double> disk = new LinkedHashMap<>();
    disk.put("bytes_per_s", 3.94e9);
    disk.put("iops", 100_000.0);
    assertEquals("3.94 GB/s, 100,000 IOPS", ReportFormat.ceilings(disk));
    assertEquals("", ReportFormat.ceilings(Map.of()));
  }

  @Test
  void theWorkloadIsSaidAsAPersonSaysIt() {
    Map<String, Object> s5 = new LinkedHashMap<>();
    s5.put("iodepth", 8);
    s5.put("numjobs", 8);
    s5.put("tool", "hcibench");
    assertEquals("hcibench, 8 jobs x iodepth 8", ReportFormat.workload(s5));
    // what it does not know follows as key=value, nothing dropped
    Map<String, Object> fio = new LinkedHashMap<>();
    fio.put("direct", 1);
    fio.put("iodepth", 32);
    fio.put("ioengine", "libaio");
    fio.put("numjobs", 8);
    fio.put("tool", "fio");
    assertEquals("fio, 8 jobs x iodepth 32, direct=1, ioengine=libaio", ReportFormat.workload(fio));
    assertEquals("fio, ioengine=io_uring", ReportFormat.workload(new LinkedHashMap<>(Map.of("tool", "fio", "ioengine", "io_uring"))));
    assertEquals("not declared", ReportFormat.workload(Map.of()));
  }
}
