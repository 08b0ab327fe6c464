package io.headroom.collector.redfish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.headroom.collector.source.Discovery;
import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.SourceContext;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import io.headroom.standin.StandinServer;
import io.headroom.standin.lab.CgroupIdrac;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lab's live iDRAC (standin: CgroupIdrac) as the Redfish source reads it, the way the lab's
 * testbed file sets it up: HTTPS pinned to the stand-in's certificate, a session from a password
 * file, role array. The CPU share is set by the test here; the lab feeds it from a cgroup.
 */
class CgroupIdracTest {
  @TempDir Path dir;
  final AtomicReference<Double> share = new AtomicReference<>();

  private RedfishSource source(StandinServer bmc) throws Exception {
    Files.writeString(dir.resolve("bmc-password"), "lab-secret-42\n");
    String yaml = "url: \"" + bmc.baseUri() + "\"\nusername: root\npassword_file: bmc-password\nrole: array\n"
        + "telemetry: poll\ntls: {pin_sha256: \"" + bmc.certificate().sha256Fingerprint() + "\"}\n";
    return (RedfishSource) new RedfishSourceFactory().create(new SourceContext("arraybmc", null, dir),
        new ObjectMapper(new YAMLFactory()).readTree(yaml));
  }

  private StandinServer bmc() throws Exception {
    StandinServer bmc = StandinServer.builder().tls().start();
    CgroupIdrac.serve(bmc, share::get, "root", "lab-secret-42");
    return bmc;
  }

  @Test
  void theNodesCpuIsAnArrayCpuReadingTheShareAsAWholePercent() throws Exception {
    try (StandinServer bmc = bmc(); RedfishSource source = source(bmc)) {
      share.set(0.8712); // 87.12% is read as Dell's whole percent: 87
      Scrape s = new Scrape(1000);
      source.scrape(s);
      assertEquals(List.of(), s.problems());
      Entity cpu = s.entities().stream().filter(e -> e.id().equals("arraybmc/cpu")).findFirst().orElseThrow();
      assertEquals(EntityKind.ARRAY_CPU, cpu.kind());
      assertEquals("PowerEdge R6525", cpu.attrs().get("model"));
      assertEquals(0.87, Bmc.value(s, "arraybmc/cpu", "util"), 1e-12);
      assertEquals(1, bmc.openSessions(), "one session, reused");
    }
  }

  @Test
  void roundingAtTheTopGivesAFullCpuAndAbsentReadingsAreNotZero() throws Exception {
    try (StandinServer bmc = bmc(); RedfishSource source = source(bmc)) {
      share.set(0.995); // 99.5% rounds to 100
      Scrape full = new Scrape(1000);
      source.scrape(full);
      assertEquals(1.0, Bmc.value(full, "arraybmc/cpu", "util"), 1e-12);
      share.set(0.9949); // 99.49% rounds to 99
      Scrape below = new Scrape(1001);
      source.scrape(below);
      assertEquals(0.99, Bmc.value(below, "arraybmc/cpu", "util"), 1e-12);
      share.set(null); // no window yet, or the cgroup unreadable: Reading null, CurrentState Unknown
      Scrape none = new Scrape(1002);
      source.scrape(none);
      assertNull(Bmc.value(none, "arraybmc/cpu", "util"));
    }
  }

  @Test
  void discoverSaysWhatThisBmcDoesNotOffer() throws Exception {
    try (StandinServer bmc = bmc(); RedfishSource source = source(bmc)) {
      Discovery d = source.discover();
      assertEquals(List.of(), d.problems());
      String notes = String.join("\n", d.degraded());
      assertTrue(notes.contains("not offered: SystemBoardIOUsage, SystemBoardMEMUsage, SystemBoardSYSUsage"), notes);
      assertTrue(notes.contains("not offered: PCIeDevices"), notes);
      assertTrue(notes.contains("not offered: NetworkAdapters"), notes);
      assertTrue(d.entities().stream().anyMatch(e -> e.id().equals("arraybmc/socket/0")), d.entities().toString());
    }
  }
}
