package io.headroom.collector.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.headroom.model.Phase;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * fio's client/server mode: two fio 3.33 servers on 127.0.0.1 ports driven by one client, each
 * server's jobs the workloads of its host. Imported from the real capture
 * (src/test/resources/workload/fio-files/client-server-two-servers, README.md there) and run live.
 */
class FioClientServerTest {
  static final Path OUT = FioFilesGoldenTest.DIR.resolve("client-server-two-servers/out.json");
  @TempDir Path tmp;

  @Test
  void everyServersJobsAreWorkloadsOfItsHostAndTheirTotalsAreFios() throws IOException {
    Records r = new Records();
    List<String> notes = FioImport.importFiles(List.of(OUT), "here", "r1", "lab", null, r::add);
    assertEquals(List.of(), notes);
    JsonNode root = new ObjectMapper().readTree(OUT.toFile());
    // per server, fio's last entry of each job holds its totals ("All clients" is their sum: left out)
    Map<String, JsonNode> last = new TreeMap<>();
    Map<String, JsonNode> first = new TreeMap<>();
    for (JsonNode e : root.get("client_stats")) {
      if (!e.get("jobname").asText().equals("All clients")) {
        String id = e.get("hostname").asText() + ":" + e.get("port").asInt() + "/fio/r1/" + e.get("jobname").asText();
        last.put(id, e);
        first.putIfAbsent(id, e);
      }
    }
    assertEquals(List.of("127.0.0.1:18765/fio/r1/r", "127.0.0.1:18765/fio/r1/w", "127.0.0.1:18766/fio/r1/r",
        "127.0.0.1:18766/fio/r1/w"), List.copyOf(last.keySet()));
    assertEquals(last.keySet(), new java.util.TreeSet<>(r.entities().stream().map(e -> e.id()).toList()));
    for (Map.Entry<String, JsonNode> job : last.entrySet()) {
      String host = job.getKey().substring(0, job.getKey().indexOf('/'));
      assertEquals(List.of(host + "/cpu"), r.relations(job.getKey()).stream().map(x -> x.to()).toList());
      Phase phase = r.phase(job.getValue().get("jobname").asText()).orElseThrow();
      // the job's first sample is its first report, at its start + that report's clock (ms)
      JsonNode report1 = first.get(job.getKey());
      long clock1 = Math.max(report1.get("read").get("runtime").asLong(), report1.get("write").get("runtime").asLong());
      double start = r.samples(job.getKey(), "read_iops").get(0).ts() - clock1 / 1000.0;
      assertTrue(phase.start() <= start + 1e-6, phase + " starts after " + job.getKey());
      // the samples tile each job's I/O time from its start: they add up to fio's totals
      for (String d : List.of("read", "write")) {
        assertEquals(job.getValue().get(d).get("total_ios").asDouble(), r.integrate(job.getKey(), d + "_iops", start), 1e-6,
            job.getKey() + " " + d);
      }
    }
    assertEquals(List.of("127.0.0.1:18766", "127.0.0.1:18765"), r.runs().get(0).workload().get("hosts"));
  }

  @Test
  void aSectionOnSeveralServersIsOnePhaseWhoseLatencyMergesThem() throws IOException {
    Records r = new Records();
    FioImport.importFiles(List.of(OUT), "here", "r1", "lab", null, r::add);
    JsonNode root = new ObjectMapper().readTree(OUT.toFile());
    TreeMap<Long, Long> merged = new TreeMap<>();
    Map<String, JsonNode> lastW = new TreeMap<>();
    for (JsonNode e : root.get("client_stats")) {
      if (e.get("jobname").asText().equals("w")) {
        lastW.put(e.get("port").asText(), e);
      }
    }
    List<Long> own = new ArrayList<>();
    for (JsonNode e : lastW.values()) {
      TreeMap<Long, Long> bins = new TreeMap<>();
      e.get("write").get("clat_ns").get("bins").fields()
          .forEachRemaining(b -> bins.merge(Long.parseLong(b.getKey()), b.getValue().asLong(), Long::sum));
      bins.forEach((k, v) -> merged.merge(k, v, Long::sum));
      own.add(FioLogImportTest.firstReaching(bins, 99));
    }
    Map<?, ?> w = (Map<?, ?>) ((Map<?, ?>) r.runs().get(0).workload().get("latency")).get("w");
    Map<?, ?> m = (Map<?, ?>) w.get("merged");
    assertEquals(FioLogImportTest.firstReaching(merged, 99) / 1e9, m.get("p99_s"));
    assertEquals(merged.values().stream().mapToLong(Long::longValue).sum(), m.get("ios"));
    assertEquals(2, m.get("workloads"));
    assertEquals(own.stream().mapToLong(Long::longValue).max().getAsLong() / 1e9,
        ((Map<?, ?>) w.get("worst_workload")).get("p99_s"));
    assertEquals(1, r.all().stream().filter(x -> x instanceof Phase p && p.name().equals("w")).count());
  }

  @Test
  void aLiveClientRunReadsEveryServer() throws Exception {
    int p1 = freePort();
    int p2 = freePort();
    Process s1 = new ProcessBuilder("fio", "--server=ip:127.0.0.1," + p1).redirectErrorStream(true)
        .redirectOutput(tmp.resolve("s1.log").toFile()).start();
    Process s2 = new ProcessBuilder("fio", "--server=ip:127.0.0.1," + p2).redirectErrorStream(true)
        .redirectOutput(tmp.resolve("s2.log").toFile()).start();
    try {
      Path job = java.nio.file.Files.writeString(tmp.resolve("w.fio"), "[w]\nrw=write\nbs=4k\nsize=3m\nrate=1m\n"
          + "ioengine=psync\ndirectory=" + tmp + "\n");
      Thread.sleep(1000); // the servers listen once started
      Records r = new Records();
      FioResult result = new FioRunner("here", "live", "lab", Path.of("/sys")).workDir(tmp).run(List.of("fio",
          "--client=ip:127.0.0.1," + p1, job.toString(), "--client=ip:127.0.0.1," + p2, job.toString()), r::add);
      assertEquals(java.util.Set.of("127.0.0.1:" + p1 + "/fio/live/w", "127.0.0.1:" + p2 + "/fio/live/w"),
          java.util.Set.copyOf(result.workloads()));
      for (String id : result.workloads()) {
        // rate=1m bs=4k: 256 writes a second on each server while it wrote its 3 MiB (768 writes)
        List<io.headroom.model.Sample> iops = r.samples(id, "write_iops");
        assertTrue(iops.size() >= 3, id + ": " + iops);
        assertEquals(256, iops.get(1).value(), 256 * 0.05, id + ": " + iops);
        double after = 0;
        for (int i = 1; i < iops.size(); i++) {
          after += iops.get(i).value() * (Math.round((iops.get(i).ts() - iops.get(i - 1).ts()) * 1000) / 1000.0);
        }
        assertTrue(after < 768 && after > 768 - 2 * 256, id + ": " + after + " writes after the first report");
      }
    } finally {
      s1.destroy();
      s2.destroy();
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }
}
