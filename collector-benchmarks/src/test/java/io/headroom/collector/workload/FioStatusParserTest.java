package io.headroom.collector.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * One fio JSON object by hand, field by field: the two timestamps, error, job_start, the optional
 * trim direction, json+ bins and the "99.000000" percentile, each present and absent.
 */
class FioStatusParserTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** A direction: 8192 bytes in 2 I/Os over 3 ms, with the given clat_ns object (or none). */
  private static String dir(String clat) {
    return "{\"io_bytes\": 8192, \"total_ios\": 2, \"runtime\": 3" + (clat == null ? "" : ", \"clat_ns\": " + clat) + "}";
  }

  /** One job "j" in group 1; {@code extra} adds fields (leading comma included). */
  private static String job(String extra) {
    return "{\"jobname\": \"j\", \"groupid\": 1, \"read\": " + dir(null) + ", \"write\": " + dir(null) + extra + "}";
  }

  private static FioStatus parse(String head, String job) throws IOException {
    return FioStatusParser.parse(JSON.readTree("{" + head + "\"jobs\": [" + job + "]}"), "t.json");
  }

  private static FioJobSnapshot only(String job) throws IOException {
    return parse("\"timestamp_ms\": 1795997697102, ", job).jobs().get(0);
  }

  @Test
  void timestampInMillisecondsWins() throws IOException {
    assertEquals(1795997697.102, parse("\"timestamp\": 1795997697, \"timestamp_ms\": 1795997697102, ", job("")).ts());
  }

  @Test
  void timestampInSecondsIsTheFallback() throws IOException {
    assertEquals(1795997697.0, parse("\"timestamp\": 1795997697, ", job("")).ts());
    // a timestamp_ms that is not a number is passed over too
    assertEquals(1795997697.0, parse("\"timestamp_ms\": \"x\", \"timestamp\": 1795997697, ", job("")).ts());
  }

  @Test
  void noTimestampIsAFormatError() {
    FioFormatException e = assertThrows(FioFormatException.class,
        () -> parse("\"timestamp\": \"soon\", ", job("")));
    assertEquals("t.json: no \"timestamp_ms\" or \"timestamp\" number", e.getMessage());
  }

  @Test
  void errorIsReadAndZeroWhenAbsent() throws IOException {
    assertEquals(20, only(job(", \"error\": 20")).error());
    assertEquals(0, only(job("")).error());
  }

  @Test
  void trimIsReadWhenPresentAndZeroWhenNot() throws IOException {
    assertEquals(FioDirStats.ZERO, only(job("")).trim());
    FioDirStats trim = only(job(", \"trim\": " + dir(null))).trim();
    assertEquals(8192, trim.ioBytes());
    assertEquals(2, trim.totalIos());
    assertEquals(3, trim.runtimeMs());
  }

  @Test
  void jobStartIsMillisecondsWhenPositive() throws IOException {
    assertEquals(1795997696000.0, only(job(", \"job_start\": 1795997696000")).jobStartMs());
    // fio prints 0 before the job started: no start yet, as when it prints none
    assertNull(only(job(", \"job_start\": 0")).jobStartMs());
    assertNull(only(job(", \"job_start\": \"later\"")).jobStartMs());
    assertNull(only(job("")).jobStartMs());
  }

  @Test
  void jsonPlusBinsAreReadAsNumbers() throws IOException {
    String clat = "{\"N\": 3, \"mean\": 2000.0, \"bins\": {\"1560\": 1, \"5792\": 2}}";
    FioDirStats read = only("{\"jobname\": \"j\", \"groupid\": 1, \"read\": " + dir(clat)
        + ", \"write\": " + dir(null) + "}").read();
    assertEquals(new TreeMap<>(Map.of(1560L, 1L, 5792L, 2L)), read.bins());
    // the sum of the latencies is the mean times the count: 2000 x 3
    assertEquals(6000.0, read.clatSumNs());
    assertEquals(3, read.clatN());
    assertNull(read.p99Ns());
  }

  @Test
  void plainJsonHasNoBins() throws IOException {
    String clat = "{\"N\": 3, \"mean\": 2000.0}";
    FioDirStats read = only("{\"jobname\": \"j\", \"groupid\": 1, \"read\": " + dir(clat)
        + ", \"write\": " + dir(null) + "}").read();
    assertNull(read.bins());
    assertNull(read.p99Ns());
  }

  @Test
  void p99IsTheNinetyNinthPercentileKeyNumerically() throws IOException {
    String clat = "{\"N\": 3, \"mean\": 2000.0, \"percentile\": {\"50.000000\": 1560, \"99.0\": 5792}}";
    assertEquals(5792.0, only("{\"jobname\": \"j\", \"groupid\": 1, \"read\": " + dir(clat)
        + ", \"write\": " + dir(null) + "}").read().p99Ns());
    String without = "{\"N\": 3, \"mean\": 2000.0, \"percentile\": {\"50.000000\": 1560, \"max\": 5792}}";
    assertNull(only("{\"jobname\": \"j\", \"groupid\": 1, \"read\": " + dir(without)
        + ", \"write\": " + dir(null) + "}").read().p99Ns());
  }
}
