package io.headroom.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ReportFileTest {
  @Test
  void kilobytesAreRoundedToWholeThousandsAndNeverZero() {
    assertEquals(1, ReportFile.kilobytes(1)); // 0.001 kB rounds to 0: a written page still says 1
    assertEquals(1, ReportFile.kilobytes(1499)); // 1.499 rounds down
    assertEquals(2, ReportFile.kilobytes(1500)); // 1.5 rounds up: the boundary
    assertEquals(42, ReportFile.kilobytes(42_000));
  }
}
