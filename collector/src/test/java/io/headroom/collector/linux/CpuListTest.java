package io.headroom.collector.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class CpuListTest {
  @Test
  void rangesAndSinglesExpandInOrder() {
    // "0-3,8,10-11": 0,1,2,3 then 8 then 10,11
    assertEquals(List.of(0, 1, 2, 3, 8, 10, 11), CpuList.list("0-3,8,10-11\n"));
  }

  @Test
  void fioStrideSuffixIsIgnored() {
    // fio's "0-7:2" is read as its range 0-7
    assertEquals(8, CpuList.parse("0-7:2").cardinality());
  }

  @Test
  void absentOrBlankIsNoCpu() {
    assertTrue(CpuList.list(null).isEmpty());
    assertTrue(CpuList.list("  ").isEmpty());
  }

  @Test
  void junkAndBackwardRangesAreRefusedWithTheText() {
    assertEquals("not a CPU list: 3-x", assertThrows(IllegalArgumentException.class, () -> CpuList.parse("3-x")).getMessage());
    assertEquals("not a CPU list: 5-2", assertThrows(IllegalArgumentException.class, () -> CpuList.parse("5-2")).getMessage());
  }

  @Test
  void formatFoldsRunsBack() {
    assertEquals("0-3,8,10-11", CpuList.format(List.of(0, 1, 2, 3, 8, 10, 11)));
    assertEquals("5", CpuList.format(List.of(5)));
    assertEquals("", CpuList.format(List.of()));
  }
}
