package io.headroom.collector.ontap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.Source;
import io.headroom.collector.source.SourceContext;
import io.headroom.model.Relation;
import io.headroom.standin.Captures;
import io.headroom.standin.StandinServer;
import io.headroom.standin.arrays.OntapStandin;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real ONTAP counter-manager capture (shared/fixtures/arrays/ontap/restperf-volume-aff-a300,
 * NetApp Harvest's test data of an AFF-A300 pair; README there): the volume table's own schema
 * and its two consecutive polls, served by the ONTAP stand-in as the array answered them (the
 * stand-in's n-th poll is the capture's n-th), read through the ontap source. Expected figures
 * are the capture's counter differences; rates depend on the seconds between the test's two
 * scrapes (the rows carry no timestamp), so what is asserted is what those seconds cancel out of:
 * latencies and bytes per operation.
 */
class OntapCaptureTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  @TempDir
  Path dir;

  /** The cluster file the stand-in serves, built from the capture's files without changing a value. */
  private static ObjectNode cluster(Path capture) throws Exception {
    ObjectNode cluster = JSON.createObjectNode().put("username", "monitor").put("password", "capture-pw");
    ObjectNode volume = cluster.putObject("tables").putObject("volume");
    volume.set("schema", JSON.readTree(capture.resolve("volume-counters-1.json").toFile()));
    ArrayNode rows = volume.putArray("rows");
    JsonNode poll1 = JSON.readTree(capture.resolve("volume-poll-1.json").toFile()).path("records");
    JsonNode poll2 = JSON.readTree(capture.resolve("volume-poll-2.json").toFile()).path("records");
    for (int i = 0; i < poll1.size(); i++) {
      JsonNode a = poll1.get(i);
      JsonNode b = poll2.get(i);
      assertEquals(a.path("id").asText(), b.path("id").asText(), "the two polls list the same volumes in one order");
      ObjectNode row = rows.addObject().put("id", a.path("id").asText());
      ObjectNode props = row.putObject("properties");
      a.path("properties").forEach(p -> props.set(p.path("name").asText(), p.path("value")));
      ObjectNode counters = row.putObject("counters");
      for (int c = 0; c < a.path("counters").size(); c++) {
        JsonNode ca = a.path("counters").get(c);
        if (ca.has("value")) { // histograms (values[] and labels[]) are not read by the source
          counters.putArray(ca.path("name").asText()).add(ca.path("value")).add(b.path("counters").get(c).path("value"));
        }
      }
    }
    return cluster;
  }

  @Test
  void aff300VolumesGiveTheirLatencyFromTheSchemasOwnDenominators() throws Exception {
    Path capture = Captures.find("arrays/ontap/restperf-volume-aff-a300");
    assumeTrue(capture != null, "shared/fixtures/arrays not found next to the checkout (or $HEADROOM_FIXTURES): skipped");
    Files.writeString(dir.resolve("pw"), "capture-pw");
    try (StandinServer server = OntapStandin.serve(cluster(capture), StandinServer.builder().start())) {
      String yaml = "url: " + server.baseUri() + "\nplaintext: true\nusername: monitor\npassword_file: pw\nretries: 0\n"
          + "tables: [volume]\n";
      try (Source source = new OntapSourceFactory().create(new SourceContext("a300", Duration.ofSeconds(5), dir),
          YAML.readTree(yaml))) {
        Scrape first = new Scrape(1000);
        source.scrape(first);
        Thread.sleep(100);
        Scrape second = new Scrape(1005);
        source.scrape(second);
        // two volumes, properties node.name, svm.name, name: a300/volume/SVM/NAME, served by its node
        assertEquals(List.of(new Relation("a300/volume/arunima-test/harvest", "served_by", "a300/node/umeng-aff300-01"),
            new Relation("a300/volume/astra_300/svm_root", "served_by", "a300/node/umeng-aff300-01")), second.relations());
        assertEquals(List.of(), second.problems());
        String harvest = "a300/volume/arunima-test/harvest";
        // read_latency is "average" over total_read_ops (its schema's denominator, not read_ops):
        // (12041 - 11511) us / (514 - 490) ops = 530 / 24 = 22.083 us
        assertEquals(530.0 / 24 / 1e6, value(second, harvest, "read_latency_s"), 1e-12);
        // write_latency 1117 -> 1117 over total_write_ops 7 -> 7: no operation, so no latency (never 0/0)
        assertNull(value(second, harvest, "write_latency_s"));
        // bytes per read, the seconds cancelling: (263168 - 250880) / (514 - 490) = 12288 / 24 = 512
        assertEquals(512.0, value(second, harvest, "read_bytes_per_s") / value(second, harvest, "read_iops"), 1e-6);
        // svm_root: (1717065 - 1716564) / (44557 - 44533) = 501 / 24 = 20.875 us
        assertEquals(501.0 / 24 / 1e6, value(second, "a300/volume/astra_300/svm_root", "read_latency_s"), 1e-12);
      }
    }
  }

  private static Double value(Scrape s, String entity, String metric) {
    return s.readings().getOrDefault(entity, List.of()).stream().filter(r -> r.metric().equals(metric))
        .map(Scrape.Reading::value).findFirst().orElse(null);
  }
}
