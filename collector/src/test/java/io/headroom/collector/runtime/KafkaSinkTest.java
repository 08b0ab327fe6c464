package io.headroom.collector.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.collector.publish.KafkaPublisher;
import io.headroom.collector.spool.Spool;
import io.headroom.collector.spool.SpoolEntry;
import io.headroom.config.SpoolConfig;
import io.headroom.model.Phase;
import io.headroom.model.Run;
import io.headroom.model.kafka.KafkaClient;
import io.headroom.model.kafka.RecordJson;
import io.headroom.model.kafka.Topics;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the sink puts in the spool (the publisher is never started: nothing is sent). */
class KafkaSinkTest {
  @TempDir Path dir;

  @Test
  void runAndPhaseRecordsTheDatabaseCouldNotStoreAreRefusedAndTheOthersSpooled() throws Exception {
    try (Spool spool = new Spool(SpoolConfig.at(dir))) {
      KafkaPublisher publisher = new KafkaPublisher(spool, KafkaClient.plaintext("127.0.0.1:9"));
      try {
        KafkaSink sink = new KafkaSink(spool, publisher, Topics.DEFAULT);
        sink.run("lab", new Run("r1", "lab", 0, null, Map.of("rw", "randread")));
        sink.run("lab", new Phase("r1", "job\u0000", 0, null)); // refused: NUL in the phase name
        sink.run("lab", new Run("r2", "lab", 0, null, Map.of("rw", "rand\uD800"))); // refused: unpaired surrogate
        sink.run("lab", new Phase("r1", "seq-read", 0, null));
        List<SpoolEntry> spooled = spool.peek(10);
        assertEquals(List.of("lab|r1", "lab|r1"),
            spooled.stream().map(e -> new String(e.record().key(), StandardCharsets.UTF_8)).toList());
        assertEquals(List.of("headroom.runs", "headroom.runs"), spooled.stream().map(e -> e.record().topic()).toList());
        assertEquals(List.of(new Run("r1", "lab", 0, null, Map.of("rw", "randread")), new Phase("r1", "seq-read", 0, null)),
            spooled.stream().map(e -> RecordJson.decode(e.record().value()).record()).toList());
      } finally {
        publisher.close();
        publisher.run(); // closed before it starts: returns at once, closing its producer
      }
    }
  }
}
