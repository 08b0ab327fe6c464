package io.headroom.collector.snmp;

import static io.headroom.collector.snmp.Scrapes.count;
import static io.headroom.collector.snmp.Scrapes.entity;
import static io.headroom.collector.snmp.Scrapes.scrape;
import static io.headroom.collector.snmp.Scrapes.settings;
import static io.headroom.collector.snmp.Scrapes.source;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.Source;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A slow agent (snmpsim, every ifAlias answered 200 ms late by its delay module) against the
 * scrape's walk_timeout: the scrape ends within walk_timeout and one request's patience, keeps what
 * was answered, and names the bound where it was hit; the tables not yet walked wait for the next
 * scrape.
 */
class SnmpWalkDeadlineTest {
  @TempDir
  Path dir;

  @Test
  void aSlowAgentsScrapeEndsAtWalkTimeoutWithWhatWasAnswered() throws Exception {
    Snmprec r = Recordings.ethernet48(100, 0, 0);
    for (int k = 1; k <= Recordings.SWITCH_PORTS; k++) {
      r.replace(Recordings.ifX(18, k), "4:delay", "value=to h" + k + ",wait=200");
    }
    Recordings.write(r, dir, "eth48");
    try (SnmpSim sim = SnmpSim.start(dir, "eth48");
        Source source = source("sw1", settings("agent", sim.agent(), "community", "eth48", "max_repetitions", 5,
            "timeout", "2s", "retries", 0, "walk_timeout", "3s"))) {
      // Unbounded, ifAlias alone takes 48 x 200 ms = 9.6 s (each request of 5 values 1 s, inside
      // its 2 s timeout). Bounded, no request begins after 3 s and the one under way ends within
      // its 2 s: the scrape takes at most 5 s.
      long start = System.nanoTime();
      Scrape s = scrape(source);
      double seconds = (System.nanoTime() - start) / 1e9;
      assertTrue(seconds >= 3 && seconds <= 5, "the scrape took " + seconds + " s");
      Matcher cut = Pattern.compile("sw1 ifXTable: partial walk, (\\d+) values: walk_timeout 3s passed after (\\d+) "
          + "values: the rest waits for the next scrape").matcher(s.problems().get(0));
      assertTrue(cut.matches(), s.problems().toString());
      assertEquals(cut.group(1), cut.group(2));
      String late = "not walked: walk_timeout 3s passed during the ifXTable walk";
      assertEquals(List.of("sw1 ifStackTable: " + late, "sw1 dot3PauseTable: " + late, "sw1 cpfcIfTable: " + late,
          "sw1 hrProcessorTable: " + late, "sw1 lldpLocPortTable: " + late, "sw1 lldpRemTable: " + late),
          s.problems().subList(1, s.problems().size()));
      // kept: the ports of the whole ifTable, named from ifXTable's ifName (read before the cut)
      assertEquals(48, count(s, "net_port"));
      assertEquals("Ethernet1/48", entity(s, "sw1/port/Ethernet1/48").name());
    }
  }
}
