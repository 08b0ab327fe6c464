package io.headroom.analyzer.detect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every threshold's range at its edges, each named in the refusal: the shares are in (0, 1] (0
 * refused, 1 accepted, just above 1 refused), diskQueue and pausePerS positive and finite,
 * latencyClimb above 1. And each fabric name to its own practical share, told apart by giving
 * every share a different value.
 */
class ThresholdsRangeTest {
  private static final String[] SHARES = {"pciePractical", "ethernetPractical", "fcPractical",
      "infinibandPractical", "otherNetPractical", "atCeiling", "cpuBusy", "diskBusy", "remoteAccess",
      "socketImbalance", "littleFull", "plateauCv", "nearTie", "sustainedShare", "creditZeroShare"};

  /** The defaults with one component replaced. */
  private static Thresholds with(String name, double value) throws ReflectiveOperationException {
    RecordComponent[] parts = Thresholds.class.getRecordComponents();
    Object[] args = new Object[parts.length];
    Thresholds d = Thresholds.defaults();
    boolean found = false;
    for (int i = 0; i < parts.length; i++) {
      found |= parts[i].getName().equals(name);
      args[i] = parts[i].getName().equals(name) ? value : parts[i].getAccessor().invoke(d);
    }
    assertEquals(true, found, name);
    Constructor<Thresholds> c = Thresholds.class.getDeclaredConstructor(
        Arrays.stream(parts).map(RecordComponent::getType).toArray(Class<?>[]::new));
    try {
      return c.newInstance(args);
    } catch (InvocationTargetException e) {
      throw new AssertionError(e.getCause());
    }
  }

  private static String refusal(String name, double value) throws ReflectiveOperationException {
    Thresholds t = with(name, value);
    return assertThrows(IllegalArgumentException.class, t::validate).getMessage();
  }

  @ParameterizedTest
  @ValueSource(strings = {"pciePractical", "ethernetPractical", "fcPractical", "infinibandPractical",
      "otherNetPractical", "atCeiling", "cpuBusy", "diskBusy", "remoteAccess", "socketImbalance", "littleFull",
      "plateauCv", "nearTie", "sustainedShare", "creditZeroShare"})
  void eachShareIsRefusedAtZeroAndJustAboveOneAndAcceptedAtOne(String name) throws Exception {
    assertEquals(name + " must be in (0, 1], got 0.0", refusal(name, 0.0));
    assertEquals(name + " must be in (0, 1], got 1.0000001", refusal(name, 1.0000001));
    assertEquals(name + " must be in (0, 1], got NaN", refusal(name, Double.NaN));
    Thresholds one = with(name, 1.0);
    assertSame(one, one.validate());
    Thresholds small = with(name, 1e-9);
    assertSame(small, small.validate());
    assertEquals(15, SHARES.length);
  }

  @ParameterizedTest
  @ValueSource(strings = {"diskQueue", "pausePerS"})
  void countsAreRefusedAtZeroNegativeOrInfiniteAndAcceptedJustAboveZero(String name) throws Exception {
    assertEquals(name + " must be a positive number, got 0.0", refusal(name, 0.0));
    assertEquals(name + " must be a positive number, got -1.0", refusal(name, -1.0));
    assertEquals(name + " must be a positive number, got Infinity", refusal(name, Double.POSITIVE_INFINITY));
    assertEquals(name + " must be a positive number, got NaN", refusal(name, Double.NaN));
    Thresholds tiny = with(name, 1e-9);
    assertSame(tiny, tiny.validate());
  }

  @ParameterizedTest
  @CsvSource({"1.0, false", "1.0001, true", "0.5, false"})
  void latencyClimbMustBeAboveOne(double climb, boolean valid) throws Exception {
    Thresholds t = with("latencyClimb", climb);
    if (valid) {
      assertSame(t, t.validate());
    } else {
      assertEquals("latencyClimb must be above 1, got " + climb,
          assertThrows(IllegalArgumentException.class, t::validate).getMessage());
    }
  }

  @ParameterizedTest
  @CsvSource({
    "ethernet, 0.91", "roce, 0.91", "ETHERNET, 0.91",
    "fc, 0.92", "fibre_channel, 0.92",
    "infiniband, 0.93", "ib, 0.93",
    "omni-path, 0.94",
  })
  void eachFabricHasItsOwnPracticalShare(String fabric, double share) throws Exception {
    Thresholds t = new Thresholds(0.87, 0.91, 0.92, 0.93, 0.94, 0.90, 0.90, 0.90, 2.0, 2.0, 100.0,
        0.30, 0.30, 0.80, 0.05, 0.05, 0.50, 0.10, 1.20, 1.05, 5);
    assertEquals(share, t.netPractical(fabric));
    assertEquals(0.94, t.netPractical(null), "no fabric: the other-network share");
  }
}
