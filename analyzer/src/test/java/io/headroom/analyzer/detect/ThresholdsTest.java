package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class ThresholdsTest {
  @Test
  void defaultsAreValidAndFollowThePracticalCeilingsPerFabric() {
    Thresholds t = Thresholds.defaults();
    assertSame(t, t.validate());
    assertEquals(0.87, t.pciePractical());
    assertEquals(0.95, t.netPractical("ethernet"));
    assertEquals(0.98, t.netPractical("FC"));
    assertEquals(0.90, t.netPractical("infiniband"));
    assertEquals(0.95, t.netPractical(null));
  }

  @Test
  void aShareAboveOneIsRejectedByName() {
    Thresholds bad = new Thresholds(1.2, 0.95, 0.98, 0.9, 0.95, 0.9, 0.9, 0.9, 2, 2, 100, 0.3,
        0.3, 0.8, 0.05, 0.05, 0.5, 0.1, 1.2, 1.05, 5);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, bad::validate);
    assertEquals("pciePractical must be in (0, 1], got 1.2", e.getMessage());
  }

  @Test
  void latencyClimbMustExceedOne() {
    Thresholds bad = new Thresholds(0.87, 0.95, 0.98, 0.9, 0.95, 0.9, 0.9, 0.9, 2, 1.0, 100, 0.3,
        0.3, 0.8, 0.05, 0.05, 0.5, 0.1, 1.2, 1.05, 5);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, bad::validate);
    assertEquals("latencyClimb must be above 1, got 1.0", e.getMessage());
  }

  @Test
  void detectorRefusesInvalidThresholds() {
    Thresholds bad = new Thresholds(0.87, 0.95, 0.98, 0.9, 0.95, 0, 0.9, 0.9, 2, 2, 100, 0.3,
        0.3, 0.8, 0.05, 0.05, 0.5, 0.1, 1.2, 1.05, 5);
    assertThrows(IllegalArgumentException.class, () -> new Detector(bad));
  }

  @Test
  void sustainedShareIsAFractionAtItsBoundary() {
    Thresholds d = Thresholds.defaults();
    // 1.0 (a resource at its ceiling in every reading) is the largest share allowed; 0 is none
    Thresholds all = new Thresholds(0.87, 0.95, 0.98, 0.9, 0.95, 0.9, 0.9, 0.9, 2, 2, 100, 0.3,
        0.3, 0.8, 0.05, 0.05, 1.0, 0.1, 1.2, 1.05, 5);
    assertEquals(1.0, all.validate().sustainedShare());
    Thresholds none = new Thresholds(0.87, 0.95, 0.98, 0.9, 0.95, 0.9, 0.9, 0.9, 2, 2, 100, 0.3,
        0.3, 0.8, 0.05, 0.05, 0.0, 0.1, 1.2, 1.05, 5);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, none::validate);
    assertEquals("sustainedShare must be in (0, 1], got 0.0", e.getMessage());
    assertEquals(0.5, d.sustainedShare());
  }
}
