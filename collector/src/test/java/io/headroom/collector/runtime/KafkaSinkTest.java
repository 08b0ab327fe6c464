package io.headroom.collector.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.collector.publish.KafkaPublisher;
import io.headroom.collector.spool.Spool;
import io.headroom.collector.spool.SpoolEntry;
import io.headroom.config.SpoolConfig;
import io.headroom.model.Phase;
import io.headroom.model.Run;
import io.headroom.model.Sample;
import io.headroom.model.kafka.KafkaClient;
import io.headroom.model.kafka.RecordJson;
import io.headroom.model.kafka.SampleBatch;
import io.headroom.model.kafka.SampleBatchCodec;
import io.headroom.collector.source.Scrape;
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

  @Test
  void anEntityWithTooManyReadingsForOneKafkaRecordGoesAsSeveralBatchesWithAllItsPoints() throws Exception {
    try (Spool spool = new Spool(SpoolConfig.at(dir))) {
      KafkaPublisher publisher = new KafkaPublisher(spool, KafkaClient.plaintext("127.0.0.1:9"));
      try {
        Scrape scrape = new Scrape(0);
        for (int i = 0; i < 60_000; i++) {
          scrape.sample(new Sample(i, "e", "m", i));
        }
        new KafkaSink(spool, publisher, Topics.DEFAULT).accept("lab", scrape);
        // a point encodes to 18 bytes (metric index 2, micros 8, value 8): 60,000 points are 1,080,000
        // bytes, over the 524,288-byte limit; halves of 30,000 (540,000) still are; quarters of
        // 15,000 (270,000 + a 35-byte header: magic 1, version 1, id 16, "lab" 2+3, "e" 2+1, metric
        // count 2, "m" 2+1, point count 4) are not: 4 batches of 15,000 points, in order
        List<SampleBatch> batches = spool.peek(10).stream().map(e -> SampleBatchCodec.decode(e.record().value())).toList();
        assertEquals(List.of(15_000, 15_000, 15_000, 15_000), batches.stream().map(b -> b.points().size()).toList());
        assertEquals(List.of(0.0, 15_000.0, 30_000.0, 45_000.0), batches.stream().map(b -> b.points().get(0).ts()).toList());
        assertEquals(4, batches.stream().map(SampleBatch::id).distinct().count());
        assertEquals(15_000 * 18 + 35, spool.peek(1).get(0).record().value().length);
      } finally {
        publisher.close();
        publisher.run();
      }
    }
  }
}
