package io.headroom.collector.declared;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.collector.source.Scrape;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An interface's six statistics files turned into port rates on a hand-written sys tree: errors
 * and discards are the receive plus the transmit counter, and a missing file is a problem.
 */
class NetdevMeterTest {
  @TempDir Path sys;

  private void write(String file, long value) throws IOException {
    Path p = sys.resolve("class/net/veth1/statistics").resolve(file);
    Files.createDirectories(p.getParent());
    Files.writeString(p, value + "\n");
  }

  private void counters(long rxBytes, long txBytes, long rxErrors, long txErrors, long rxDropped, long txDropped)
      throws IOException {
    write("rx_bytes", rxBytes);
    write("tx_bytes", txBytes);
    write("rx_errors", rxErrors);
    write("tx_errors", txErrors);
    write("rx_dropped", rxDropped);
    write("tx_dropped", txDropped);
  }

  private static Map<String, Double> values(Scrape s) {
    Map<String, Double> out = new TreeMap<>();
    s.readings().forEach((id, rs) -> rs.forEach(r -> out.put(id + " " + r.metric(), r.value())));
    return out;
  }

  /**
   * Over 2 s: rx +6000 and tx +2000 bytes, rx_errors +6 and tx_errors +2, rx_dropped +4 and
   * tx_dropped +10. So 3000 and 1000 bytes/s, (6 + 2) / 2 = 4 errors/s, (4 + 10) / 2 = 7 discards/s.
   */
  @Test
  void errorsAndDiscardsAddTheReceiveAndTransmitCounters() throws IOException {
    NetdevMeter meter = new NetdevMeter(sys, "veth1");
    counters(1000, 500, 10, 20, 30, 40);
    Scrape first = new Scrape(50.0);
    meter.read(first, "lab/net/p");
    assertEquals(0, first.sampleCount(), "the first reading has no rates");
    counters(7000, 2500, 16, 22, 34, 50);
    Scrape s = new Scrape(52.0);
    meter.read(s, "lab/net/p");
    assertEquals(Map.of(
        "lab/net/p rx_bytes_per_s", 3000.0,
        "lab/net/p tx_bytes_per_s", 1000.0,
        "lab/net/p errors_per_s", 4.0,
        "lab/net/p discards_per_s", 7.0), values(s));
    assertEquals(List.of(), s.problems());
  }

  @Test
  void aMissingCounterFileIsAProblemOfTheEntity() throws IOException {
    counters(1, 2, 3, 4, 5, 6);
    Files.delete(sys.resolve("class/net/veth1/statistics/tx_dropped"));
    Scrape s = new Scrape(50.0);
    new NetdevMeter(sys, "veth1").read(s, "lab/net/p");
    assertEquals(List.of("lab/net/p: interface counters unreadable: "
        + sys.resolve("class/net/veth1/statistics/tx_dropped")), s.problems());
    assertEquals(0, s.sampleCount());
  }

  @Test
  void aCounterThatIsNotANumberIsAProblemNamingTheFile() throws IOException {
    counters(1, 2, 3, 4, 5, 6);
    Files.writeString(sys.resolve("class/net/veth1/statistics/rx_errors"), "n/a\n");
    Scrape s = new Scrape(50.0);
    new NetdevMeter(sys, "veth1").read(s, "lab/net/p");
    assertEquals(List.of("lab/net/p: interface counters unreadable: "
        + sys.resolve("class/net/veth1/statistics/rx_errors") + ": not a number: \"n/a\""), s.problems());
  }
}
