package io.headroom.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.model.Bottleneck;
import io.headroom.model.Verdict;
import io.headroom.model.VerdictJson;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `headroom analyze` as a user runs it: exit code, stdout and stderr. */
class AnalyzeCommandTest {
  @TempDir Path dir;
  private final Cli cli = new Cli();

  private int run(String... args) {
    return cli.run(args);
  }

  private Path recording(String... lines) throws Exception {
    Path f = dir.resolve("run.jsonl");
    Files.write(f, java.util.List.of(lines));
    return f;
  }

  private static final String[] GOOD = {
    "{\"type\":\"run\",\"run\":\"r1\",\"testbed\":\"lab\",\"start\":100,\"end\":110,\"workload\":{\"tool\":\"fio\"}}",
    "{\"type\":\"entity\",\"id\":\"h1/cpu\",\"kind\":\"host_cpu\"}",
    "{\"type\":\"entity\",\"id\":\"h1/net/eth0\",\"kind\":\"net_port\",\"capacity\":{\"bytes_per_s\":1.25e9}}",
    "{\"type\":\"sample\",\"ts\":101,\"entity\":\"h1/cpu\",\"metric\":\"util\",\"value\":0.30}",
    "{\"type\":\"sample\",\"ts\":102,\"entity\":\"h1/cpu\",\"metric\":\"util\",\"value\":0.50}",
    "{\"type\":\"sample\",\"ts\":101,\"entity\":\"h1/net/eth0\",\"metric\":\"tx_bytes_per_s\",\"value\":2.5e8}",
  };

  @Test
  void aBadLineStopsTheReadNamingFileAndLine() throws Exception {
    Path f = recording(GOOD[0], GOOD[1], "{\"type\":\"sample\",\"ts\":101,\"entity\":\"h1/cpu\",\"metric\":\"util\"}", GOOD[3]);
    assertEquals(2, run("analyze", f.toString()));
    assertEquals("headroom analyze: " + f + ":3: missing field \"value\"\n", cli.err());
    assertEquals("", cli.out());
  }

  @Test
  void lenientSkipsTheBadLineAndJudgesTheRest() throws Exception {
    Path f = recording(GOOD[0], GOOD[1], GOOD[2], "not json at all", GOOD[3], GOOD[4], GOOD[5]);
    assertEquals(0, run("analyze", "--lenient", "--json", f.toString()));
    assertTrue(cli.err().startsWith(
        "headroom analyze: skipped 1 bad line(s) of " + f + "; first: " + f + ":4: not JSON"), cli.err());
    Verdict v = VerdictJson.fromJson(cli.out().trim());
    assertEquals("r1", v.run());
    assertEquals(Bottleneck.NONE, v.bottleneck());
    // p95 of (0.30, 0.50) = 0.49; eth0 2.5e8 of 1.25e9 = 0.20
    assertEquals("h1/cpu", v.headroom().get(0).entity());
    assertEquals(0.49, v.headroom().get(0).utilization(), 1e-9);
    assertEquals("h1/net/eth0", v.headroom().get(1).entity());
    assertEquals(0.20, v.headroom().get(1).utilization(), 1e-9);
  }

  @Test
  void thresholdsFromTheTestbedFileChangeTheVerdict() throws Exception {
    Path s2 = Path.of("../docs/scenarios/s2-nvmeof-oltp.jsonl");
    assertEquals(0, run("analyze", "--json", s2.toString()));
    assertEquals(Bottleneck.NONE, VerdictJson.fromJson(cli.out().trim()).bottleneck());
    // the ESX hosts run at p95 0.49: call a CPU full from 45% and they become the limit
    Path testbed = dir.resolve("strict.yaml");
    Files.writeString(testbed, "testbed: s2\ndetection:\n  thresholds:\n    cpu_busy: 0.45\n");
    Cli strict = new Cli();
    assertEquals(0, strict.run("analyze", "--json", "--testbed", testbed.toString(), s2.toString()));
    Verdict v = VerdictJson.fromJson(strict.out().trim());
    assertEquals(Bottleneck.HOST_CPU, v.bottleneck());
    assertEquals("s2/esx1/cpu", v.entity());
  }

  @Test
  void aMissingFileIsOneLineNotAStackTrace() {
    assertEquals(2, run("analyze", dir.resolve("nope.jsonl").toString()));
    assertEquals("headroom analyze: no such file: " + dir.resolve("nope.jsonl") + "\n", cli.err());
  }
}
