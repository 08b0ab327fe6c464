package io.headroom.app.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 48: a run with no phase is judged whole; its text said "not judged (too few readings)"
 * while --json gave its class. Both must say the same: node-a at util 0.97, above cpuBusy 0.90.
 */
class ZeroPhaseRunTest {
  @TempDir Path dir;

  @Test
  void textAndJsonNameTheSameLimit() throws Exception {
    List<String> lines = new ArrayList<>();
    lines.add("{\"type\":\"run\",\"run\":\"r1\",\"testbed\":\"lab\",\"start\":0,\"end\":60,\"workload\":{\"tool\":\"fio\"}}");
    lines.add("{\"type\":\"entity\",\"id\":\"arr/node-a\",\"kind\":\"array_cpu\"}");
    lines.add("{\"type\":\"entity\",\"id\":\"arr/vol1\",\"kind\":\"disk\"}");
    lines.add("{\"type\":\"entity\",\"id\":\"h1/fio\",\"kind\":\"workload\"}");
    lines.add("{\"type\":\"relation\",\"from\":\"h1/fio\",\"rel\":\"targets\",\"to\":\"arr/vol1\"}");
    lines.add("{\"type\":\"relation\",\"from\":\"arr/vol1\",\"rel\":\"served_by\",\"to\":\"arr/node-a\"}");
    for (int t = 1; t < 60; t++) {
      lines.add("{\"type\":\"sample\",\"ts\":" + t + ",\"entity\":\"arr/node-a\",\"metric\":\"util\",\"value\":0.97}");
      lines.add("{\"type\":\"sample\",\"ts\":" + t + ",\"entity\":\"h1/fio\",\"metric\":\"read_iops\",\"value\":40000}");
    }
    Path f = Files.write(dir.resolve("r.jsonl"), lines);
    Cli text = new Cli();
    assertEquals(ExitCodes.OK, text.run("analyze", f.toString()), text.err());
    Cli json = new Cli();
    assertEquals(ExitCodes.OK, json.run("analyze", "--json", f.toString()), json.err());
    JsonNode verdict = new ObjectMapper().readTree(json.out());
    assertEquals("ARRAY_CPU", verdict.get("bottleneck").asText());
    assertEquals(0, verdict.get("phases").size());
    List<String> printed = text.out().lines().toList();
    assertEquals("Run r1: The limit was the array CPU: arr/node-a at 97% busy.", printed.get(0));
    assertEquals(String.format(java.util.Locale.ROOT, "run r1: bottleneck ARRAY_CPU on arr/node-a (confidence %.2f)",
        verdict.get("confidence").asDouble()), printed.get(1));
    assertFalse(text.out().contains("not judged"), text.out());
  }
}
