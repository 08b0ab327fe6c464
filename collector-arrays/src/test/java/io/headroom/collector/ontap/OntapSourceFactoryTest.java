package io.headroom.collector.ontap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.headroom.collector.source.Source;
import io.headroom.collector.source.SourceContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the factory registers (type ontap, the seventeen metrics of {@link OntapMetrics}) and what the
 * source it makes says of itself: name ontap, the context's interval, 5 s when the context has none.
 * Creating a source sends nothing, so no cluster is needed.
 */
class OntapSourceFactoryTest {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  @TempDir
  Path dir;

  private Source create(Duration interval) throws Exception {
    Files.writeString(dir.resolve("pw"), "ontap-secret-7");
    String yaml = "url: http://127.0.0.1:9\nplaintext: true\nusername: monitor\npassword_file: pw\n";
    return new OntapSourceFactory().create(new SourceContext("cl1", interval, dir), YAML.readTree(yaml));
  }

  @Test
  void theFactoryRegistersTypeOntapWithItsSeventeenMetrics() {
    OntapSourceFactory f = new OntapSourceFactory();
    assertEquals("ontap", f.type());
    // util, 6 headroom_cpu metrics, 6 I/O metrics (iops, bytes, latency read and write), 4 port metrics
    assertEquals(17, f.metrics().size());
    assertEquals(OntapMetrics.ALL, f.metrics());
  }

  @Test
  void theSourceIsNamedOntapAndScrapesAtTheContextsInterval() throws Exception {
    try (Source s = create(Duration.ofSeconds(12))) {
      assertEquals("ontap", s.name());
      assertEquals(Duration.ofSeconds(12), s.interval());
    }
  }

  @Test
  void aContextWithoutAnIntervalGivesFiveSeconds() throws Exception {
    try (Source s = create(null)) {
      assertEquals(Duration.ofSeconds(5), s.interval());
    }
  }
}
