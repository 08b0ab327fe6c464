package io.headroom.analyzer.scenario;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.headroom.model.RecordingRecord;
import io.headroom.model.recording.RecordingCodec;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The reference studies S1-S5 and the situations of issue 27 as recordings (docs/scenarios/README.md says what each phase is and
 * the verdict expected). Run {@code main} to regenerate them; the same seeds give the same files.
 */
public final class Scenarios {
  private Scenarios() {}

  public static List<Scenario> all() {
    return List.of(S1FcSan.build(), S2NvmeofOltp.build(), S3IbHdd.build(), S4R760.build(),
        S5PowerStore.build(), S4R760.direct(), S5PowerStore.before(), OneCpuIrq.build(), MdSlowMember.build(), ArrayLatency.build(), S5Sweep.build());
  }

  /** Writes every scenario into the directory (default docs/scenarios). */
  public static void main(String[] args) throws IOException {
    Path dir = Path.of(args.length > 0 ? args[0] : "docs/scenarios");
    Files.createDirectories(dir);
    for (Scenario s : all()) {
      Path file = dir.resolve(s.file());
      write(s, file);
      System.out.printf("%s: %d records, %d bytes%n", file, s.records().size(), Files.size(file));
    }
  }

  public static void write(Scenario s, Path file) throws IOException {
    try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      for (RecordingRecord r : s.records()) {
        w.write(line(r));
        w.write('\n');
      }
    }
  }

  /**
   * One record as its recording line, with the keys of attrs, capacity and workload sorted: the
   * model keeps them in maps without a stable order, and a regenerated file should differ only
   * where the scenario did.
   */
  public static String line(RecordingRecord r) {
    ObjectNode node = RecordingCodec.toNode(r);
    for (String field : List.of("attrs", "capacity", "workload")) {
      if (node.get(field) instanceof ObjectNode obj) {
        ObjectNode sorted = node.objectNode();
        new TreeMap<String, JsonNode>(toMap(obj)).forEach(sorted::set);
        node.set(field, sorted);
      }
    }
    return node.toString();
  }

  private static Map<String, JsonNode> toMap(ObjectNode obj) {
    Map<String, JsonNode> m = new TreeMap<>();
    obj.fields().forEachRemaining(e -> m.put(e.getKey(), e.getValue()));
    return m;
  }
}
