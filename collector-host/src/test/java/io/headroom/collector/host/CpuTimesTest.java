package io.headroom.collector.host;

import static io.headroom.collector.host.FixtureHost.assertValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.collector.source.Scrape;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** One entity's util and breakdown from tick deltas, each share over the ticks that passed. */
class CpuTimesTest {
  private static Scrape emit(long... ticks) {
    Scrape scrape = new Scrape(1000);
    HostContext ctx = new HostContext("h1", new HostSourceConfig(Path.of("/nonexistent/proc"), Path.of("/nonexistent/sys")),
        scrape, new Topology());
    CpuTimes.emit(ctx, "h1/cpu/0", ticks);
    return scrape;
  }

  @Test
  void eachShareIsItsTicksOverAllAndUtilLeavesIdleAndIowaitOut() {
    // user 40, nice 10, system 20, idle 10, iowait 5, irq 5, softirq 5, steal 5: 100 ticks
    Scrape s = emit(40, 10, 20, 10, 5, 5, 5, 5);
    assertValue(0.85, s, "h1/cpu/0", "util"); // (100 - 10 - 5) / 100
    assertValue(0.50, s, "h1/cpu/0", "util_user"); // user + nice
    assertValue(0.20, s, "h1/cpu/0", "util_system");
    assertValue(0.05, s, "h1/cpu/0", "util_irq");
    assertValue(0.05, s, "h1/cpu/0", "util_softirq");
    assertValue(0.05, s, "h1/cpu/0", "util_iowait");
    assertValue(0.05, s, "h1/cpu/0", "util_steal"); // a VM's CPU taken by its hypervisor
  }

  @Test
  void noTicksAtAllEmitNothing() {
    assertEquals(0, emit(0, 0, 0, 0, 0, 0, 0, 0).sampleCount());
  }
}
