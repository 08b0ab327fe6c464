package io.headroom.app.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.headroom.model.Bottleneck;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The sweep's words: which rows a boundary holds in, how values read, where a run is no sweep. */
class SweepTest {
  private static final List<Double> SIZES = List.of(4096.0, 8192.0, 16384.0, 32768.0, 65536.0);

  @Test
  void aBoundaryNamesTheRowsItHoldsIn() {
    assertEquals("at every block size", Sweep.at(SweepParam.BLOCK_SIZE, set(0, 1, 2, 3, 4), SIZES));
    assertEquals("at every block size up to 32 KiB", Sweep.at(SweepParam.BLOCK_SIZE, set(0, 1, 2, 3), SIZES));
    assertEquals("at every block size from 16 KiB", Sweep.at(SweepParam.BLOCK_SIZE, set(2, 3, 4), SIZES));
    // not a run from either end: each named
    assertEquals("at block sizes 8 KiB, 16 KiB and 32 KiB", Sweep.at(SweepParam.BLOCK_SIZE, set(1, 2, 3), SIZES));
    assertEquals("at block size 64 KiB", Sweep.at(SweepParam.BLOCK_SIZE, set(4), SIZES));
    // one row from the smallest is that row, not "every ... up to"
    assertEquals("at block size 4 KiB", Sweep.at(SweepParam.BLOCK_SIZE, set(0), SIZES));
  }

  @Test
  void theReadShareReadsAsTheWriteShare() {
    // rdpct 70 is 30% writes; fio's rwmixread is the same figure
    assertEquals(30.0, SweepParam.WRITES.valueIn(Map.of("rdpct", 70)));
    assertEquals(30.0, SweepParam.WRITES.valueIn(Map.of("rwmixread", "70")));
    assertEquals("30% writes", SweepParam.WRITES.phrase(30));
    assertEquals("1 MiB blocks", SweepParam.BLOCK_SIZE.phrase(1 << 20));
    assertEquals("512 B", SweepParam.BLOCK_SIZE.shortValue(512));
  }

  @Test
  void aBoundaryAlongEachAxisIsSaidOnce() {
    // 2 block sizes x 3 write shares: the array CPU from 50% writes at 4 KiB only; the 8 KiB row
    // is the disks throughout, so going down each column the limit becomes the disks at 8 KiB
    List<Sweep.Point> points = new ArrayList<>();
    double[] writes = {0, 50, 100};
    for (double w : writes) {
      points.add(point(4096, w, w >= 50 ? Bottleneck.ARRAY_CPU : Bottleneck.NONE));
      points.add(point(8192, w, Bottleneck.DISK));
    }
    Sweep sweep = Sweep.of(points, null, null);
    assertEquals(SweepParam.BLOCK_SIZE, sweep.rows);
    assertEquals(SweepParam.WRITES, sweep.cols);
    assertEquals(List.of("array CPU from 50% writes at block size 4 KiB", "the disks from 8 KiB blocks at every write share"),
        sweep.boundaries());
    // chosen the other way round (--sweep rdpct,bs): the same two sentences, the columns' first
    Sweep turned = Sweep.of(points, SweepParam.WRITES, SweepParam.BLOCK_SIZE);
    assertEquals(List.of("the disks from 8 KiB blocks at every write share", "array CPU from 50% writes at block size 4 KiB"),
        turned.boundaries());
  }

  @Test
  void oneVaryingParameterIsNoSweep() {
    List<Sweep.Point> points = List.of(point(4096, 0, Bottleneck.NONE), point(4096, 50, Bottleneck.NONE));
    assertNull(Sweep.of(points, null, null));
  }

  private static Sweep.Point point(double bs, double writes, Bottleneck limit) {
    return new Sweep.Point(bs + "/" + writes, Map.of(SweepParam.BLOCK_SIZE, bs, SweepParam.WRITES, writes), limit, 1e6);
  }

  private static TreeSet<Integer> set(Integer... i) {
    return new TreeSet<>(List.of(i));
  }
}
