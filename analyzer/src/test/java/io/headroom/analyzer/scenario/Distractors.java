package io.headroom.analyzer.scenario;

import java.util.Map;

/**
 * What real testbeds have besides the run: a port busy with someone else's traffic, a link
 * trained below its capability that carries no benchmark data, an array node that serves nothing
 * of the run. None of them may become the verdict.
 */
final class Distractors {
  private Distractors() {}

  /**
   * @param busyPort a 100 GbE port off the data path, sent full at 95% of line rate
   * @param degradedLink a Gen3 x4 link of a Gen4 x16 device, idle, with a trickle of errors
   * @param idleNode an array node serving none of the run's volumes, at 2% CPU
   */
  static void add(ScenarioBuilder b, String busyPort, String degradedLink, String idleNode) {
    b.entity(busyPort, "net_port", Map.of("fabric", "ethernet", "speed_bps", 1.0e11),
        Map.of("bytes_per_s", 1.25e10));
    b.series(busyPort, "tx_bytes_per_s", 1.19e10).series(busyPort, "rx_bytes_per_s", 2.1e9);
    b.entity(degradedLink, "pcie_link",
        Map.of("gen", 3, "width", 4, "max_gen", 4, "max_width", 16), Map.of("bytes_per_s", 3.94e9));
    b.series(degradedLink, "read_bytes_per_s", 0).series(degradedLink, "errors_per_s", 2.0);
    b.entity(idleNode, "array_cpu");
    b.series(idleNode, "util", 0.02);
  }
}
