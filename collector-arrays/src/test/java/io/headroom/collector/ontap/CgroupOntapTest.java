package io.headroom.collector.ontap;

import io.headroom.standin.lab.FakeCgroupV1;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.headroom.cgroup.CgroupCpu;
import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.Source;
import io.headroom.collector.source.SourceContext;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import io.headroom.standin.StandinServer;
import io.headroom.standin.lab.CgroupOntap;
import io.headroom.standin.lab.NodeCpuCounters;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lab's live ONTAP node (standin: CgroupOntap) as the ontap source reads it, set up as the
 * lab's testbed file sets it: HTTPS pinned to the stand-in's certificate, HTTP Basic from a
 * password file, system:node only. Its counters come from a v1 cgroup laid out in a directory
 * (0.2 CPU quota) whose CPU time the test advances; the clock is the real one, so the figures
 * asserted are the two the wall time cannot move: an idle node (0) and one past its quota (1).
 */
class CgroupOntapTest {
  static final String CG = "hrlab-ab12cd/array";
  @TempDir Path dir;

  private void usage(long ns) throws IOException {
    FakeCgroupV1.fifthOfACpu(dir.resolve("cg"), CG).usage(ns);
  }

  private StandinServer cluster() throws Exception {
    StandinServer server = StandinServer.builder().tls().start();
    CgroupOntap.serve(server, NodeCpuCounters.start(CgroupCpu.at(dir.resolve("cg"), CG, 2)), "admin", "lab-secret-7");
    return server;
  }

  private Source source(StandinServer server) throws Exception {
    Files.writeString(dir.resolve("ontap-password"), "lab-secret-7\n");
    String yaml = "url: \"" + server.baseUri() + "\"\nusername: admin\npassword_file: ontap-password\nretries: 0\n"
        + "tables: [system:node]\ntls: {pin_sha256: \"" + server.certificate().sha256Fingerprint() + "\"}\n";
    return new OntapSourceFactory().create(new SourceContext("arrayontap", null, dir),
        new ObjectMapper(new YAMLFactory()).readTree(yaml));
  }

  private static double util(Scrape s) {
    List<Scrape.Reading> r = s.readings().get("arrayontap/node/" + CgroupOntap.NODE);
    assertEquals(1, r.size(), String.valueOf(s.readings()));
    return r.get(0).value();
  }

  @Test
  void theNodeIsAnArrayCpuWhoseBusyIsTheCgroupsShareOfItsQuota() throws Exception {
    usage(1_000_000_000L);
    try (StandinServer server = cluster(); Source source = source(server)) {
      Scrape first = new Scrape(1000);
      source.scrape(first);
      assertEquals(List.of(), first.problems(), "no port collections' problems: they are served empty");
      Entity node = first.entities().get(0);
      assertEquals("arrayontap/node/lab-01", node.id());
      assertEquals(EntityKind.ARRAY_CPU, node.kind());
      assertEquals(0, first.sampleCount(), "raw counters: a figure needs two polls");

      Scrape idle = new Scrape(1001);
      source.scrape(idle); // no CPU time between the polls
      assertEquals(0.0, util(idle), 0);

      // 10 s of CPU time: whatever the wall time between the polls (well under 50 s), 10 s / 0.2
      // CPUs is more busy time than elapsed, so the node is 100% busy (the rest owed, not shown)
      usage(11_000_000_000L);
      Scrape full = new Scrape(1002);
      source.scrape(full);
      assertEquals(1.0, util(full), 0);
      double t = full.readings().get("arrayontap/node/lab-01").get(0).ts();
      assertEquals(Math.floor(t), t, 0, "stamped with ONTAP's time counter, whole seconds");
    }
  }

  @Test
  void aCgroupThatIsGoneIsAnErrorOfTheTableNotAFigure() throws Exception {
    usage(0);
    try (StandinServer server = cluster(); Source source = source(server)) {
      source.scrape(new Scrape(1000));
      Files.delete(dir.resolve("cg/cpuacct").resolve(CG).resolve("cpuacct.usage"));
      IOException e = assertThrows(IOException.class, () -> source.scrape(new Scrape(1001)));
      assertTrue(e.getMessage().contains("500"), e.getMessage());
    }
  }
}
