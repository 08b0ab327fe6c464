package io.headroom.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link Ceilings} by generation, width and speed, each expected figure worked out from the PCIe
 * and FC line codings, not read off the code: Gen1 2.5 GT/s x 8/10 / 8 bits = 250 MB/s per lane,
 * Gen2 5 GT/s x 8/10 / 8 = 500 MB/s, Gen3..Gen6 the design's 128b/130b figures 985, 1969, 3938
 * and 7876 MB/s per lane. The generation and width limits are tested at, just inside and just
 * outside.
 */
class LinkCeilingArithmeticTest {

  @ParameterizedTest(name = "Gen{0} x{1} = {2} B/s")
  @CsvSource({
    // gen, width, expected = per-lane bytes/s x width
    "1, 1,  250e6",      // 2.5e9 x 0.8 / 8 = 250e6; the lowest generation and width accepted
    "2, 4,  2000e6",     // 5e9 x 0.8 / 8 = 500e6, x 4
    "3, 8,  7880e6",     // 985e6 x 8
    "4, 16, 31504e6",    // 1969e6 x 16
    "5, 16, 63008e6",    // 3938e6 x 16 (32 GT/s)
    "6, 16, 126016e6",   // 7876e6 x 16 (64 GT/s): Gen6 is not Gen5
    "6, 32, 252032e6",   // 7876e6 x 32: the widest link accepted
    "3, 0.5, 492.5e6",   // 985e6 x 0.5: any positive width up to 32 is taken as given
  })
  void aKnownLinkIsItsPerLaneRateTimesItsWidth(double gen, double width, double expected) {
    assertEquals(expected, Ceilings.pcie(gen, width), 1e-3);
  }

  @ParameterizedTest(name = "Gen{0} x{1} is unknown")
  @CsvSource({
    "0,   16",  // just below Gen1
    "0.9, 16",  // not a whole generation, below Gen1
    "7,   16",  // just past the last known generation (Gen6)
    "3.5, 16",  // not a whole generation
    "NaN, 16",  // generation unread
    "4,   0",   // width just below the narrowest (x1 is the least a trained link has)
    "4,   -4",
    "4,   33",  // just past x32
    "4,   32.5",
    "4,   NaN", // width unread
  })
  void anUnknownGenerationOrWidthHasNoCeiling(double gen, double width) {
    assertTrue(Double.isNaN(Ceilings.pcie(gen, width)), "Gen" + gen + " x" + width);
  }

  @ParameterizedTest(name = "{0} at {1} bit/s = {2} B/s")
  @CsvSource({
    // fabric, speed bit/s, expected bytes/s per direction
    "fc,            32e9,  3.2e9",   // FC names payload: 32G -> 3,200 MB/s = 32e9 / 10
    "FC,            16e9,  1.6e9",   // case does not matter: 16e9 / 10
    "fibre_channel, 8e9,   0.8e9",   // the long name: 8e9 / 10
    "ethernet,      100e9, 12.5e9",  // 100e9 / 8
    "infiniband,    56e9,  7e9",     // FDR 56e9 / 8
    "roce,          1,     0.125",   // the smallest positive speed: 1 / 8
  })
  void aPortCarriesItsSpeedByItsFabricsCoding(String fabric, double speedBps, double expected) {
    assertEquals(expected, Ceilings.port(fabric, speedBps), expected * 1e-12);
  }

  @ParameterizedTest(name = "an unnamed fabric at {0} bit/s is taken as Ethernet")
  @CsvSource({"25e9, 3.125e9"}) // 25e9 / 8
  void aPortWithoutAFabricIsTakenAsEthernet(double speedBps, double expected) {
    assertEquals(expected, Ceilings.port(null, speedBps), 1e-3);
  }

  @ParameterizedTest(name = "{1} bit/s has no ceiling")
  @CsvSource({
    "ethernet, 0",          // at zero: not positive
    "ethernet, -1e9",
    "fc,       0",
    "ethernet, NaN",
    "ethernet, Infinity",   // an unbounded speed is a parse error, not a ceiling
  })
  void aSpeedThatIsNotAPositiveNumberHasNoCeiling(String fabric, double speedBps) {
    assertTrue(Double.isNaN(Ceilings.port(fabric, speedBps)), fabric + " " + speedBps);
  }
}
