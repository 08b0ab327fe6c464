package io.headroom.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import io.headroom.model.Phase;
import io.headroom.model.RecordingRecord;
import io.headroom.model.Rel;
import io.headroom.model.Relation;
import io.headroom.model.Run;
import io.headroom.model.Sample;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** `headroom import prometheus`: what it refuses before reading, and what it keeps of a recording given as --phases. */
class PrometheusImportTest {
  private final Cli cli = new Cli();

  @Test
  void withoutAUrlOrWithAFileItSaysWhatIsMissing() {
    assertEquals(ExitCodes.USAGE, cli.run("import", "prometheus", "--start", "2026-12-07T14:00:00Z", "--end", "2026-12-07T14:01:00Z", "--alone"));
    assertTrue(cli.err().contains("headroom import: prometheus: --url is needed"), cli.err());
    Cli withFile = new Cli();
    assertEquals(ExitCodes.USAGE, withFile.run("import", "prometheus", "fio.json", "--url", "https://prom:9090"));
    assertTrue(withFile.err().contains("prometheus takes no FILE (fio.json): the benchmark's output goes to --phases"), withFile.err());
    Cli noWindow = new Cli();
    assertEquals(ExitCodes.USAGE, noWindow.run("import", "prometheus", "--url", "https://prom:9090", "--alone"));
    assertTrue(noWindow.err().contains("give --start and --end, or --phases"), noWindow.err());
  }

  @Test
  void plainHttpNeedsPlaintextAndAServerDownIsUnavailable() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 0, java.net.InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort(); // closed again: nothing listens there
    }
    String[] window = {"--start", "2026-12-07T14:00:00Z", "--end", "2026-12-07T14:01:00Z", "--alone"};
    assertEquals(ExitCodes.USAGE, cli.run(concat(new String[] {"import", "prometheus", "--url", "http://127.0.0.1:" + port}, window)));
    assertTrue(cli.err().contains("--plaintext"), cli.err());
    Cli down = new Cli();
    assertEquals(ExitCodes.UNAVAILABLE, down.run(concat(
        new String[] {"import", "prometheus", "--url", "http://127.0.0.1:" + port, "--plaintext"}, window)));
    assertTrue(down.err().contains("headroom import: prometheus: ") && down.err().contains("127.0.0.1:" + port), down.err());
  }

  @Test
  void aRecordingGivesItsLastRunRecordItsPhasesAndItsWorkloadOnly() {
    List<RecordingRecord> all = List.of(
        new Run("r1", "lab", 10, null, Map.of()),
        new Entity("h1/cpu", EntityKind.HOST_CPU, "CPUs", Map.of(), Map.of("util", 1.0)),
        new Entity("h1/fio/r1/w", EntityKind.WORKLOAD, "w", Map.of(), Map.of()),
        new Relation("h1/fio/r1/w", Rel.RUNS_ON, "h1/cpu"),
        new Relation("h1/cpu/0", Rel.ON, "h1/cpu"),
        new Phase("r1", "w", 10, 20.0),
        io.headroom.collector.prometheus.PrometheusMetrics.UTIL.sample(11, "h1/cpu", 0.5),
        io.headroom.collector.workload.BenchMetrics.READ_IOPS.sample(11, "h1/fio/r1/w", 900),
        new Run("r1", "lab", 10, 20.0, Map.of()));
    List<RecordingRecord> kept = new ArrayList<>();
    PrometheusImport.benchmarkOfRecording(all, kept);
    assertEquals(List.of(all.get(8), all.get(2), all.get(3), all.get(5), all.get(7)), kept);
    assertTrue(kept.stream().noneMatch(r -> r instanceof Sample s && s.entity().equals("h1/cpu")));
  }

  @Test
  void theTestbedFilesDeclaredPartsAndWorkloadRelationsJoinTheRun(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
      throws Exception {
    java.nio.file.Path file = dir.resolve("lab.yaml");
    java.nio.file.Files.writeString(file, """
        testbed: lab
        sources:
          - type: declared
            host: h1
            entities:
              - {id: sw1/port/1-1, kind: net_port, attrs: {fabric: ethernet}, capacity: {bytes_per_s: 1.25e9}}
            relations:
              - {from: h1/net/eth0, rel: cabled_to, to: sw1/port/1-1}
            workloads:
              - {rel: via, to: sw1/port/1-1}
        """);
    io.headroom.config.TestbedConfig testbed = io.headroom.config.TestbedLoader.load(file, dir.resolve("spool"));
    Entity workload = new Entity("h1/fio/r1/w", EntityKind.WORKLOAD, "w", Map.of(), Map.of());
    List<RecordingRecord> records = PrometheusImport.withTestbed(testbed,
        List.of(new Run("r1", "lab", 10, 20.0, Map.of()), workload, new Phase("r1", "w", 10, 20.0)));
    // the workload crosses the declared port, as headroom run on this testbed would have said
    assertTrue(records.contains(new Relation("h1/fio/r1/w", Rel.VIA, "sw1/port/1-1")), records.toString());
    assertTrue(records.contains(new Relation("h1/net/eth0", Rel.CABLED_TO, "sw1/port/1-1")), records.toString());
    assertTrue(records.stream().anyMatch(r -> r instanceof Entity e && e.id().equals("sw1/port/1-1")
        && e.capacity().equals(Map.of("bytes_per_s", 1.25e9))), records.toString());
  }

  private static String[] concat(String[] a, String[] b) {
    String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
