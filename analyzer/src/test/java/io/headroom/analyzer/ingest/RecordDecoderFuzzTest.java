package io.headroom.analyzer.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.headroom.analyzer.store.DeadLetter;
import io.headroom.analyzer.store.IngestBatchContents;
import io.headroom.model.TestbedName;
import io.headroom.model.Utf8;
import io.headroom.model.VerdictJson;
import io.headroom.model.kafka.NameCache;
import io.headroom.model.kafka.RecordJson;
import io.headroom.model.kafka.SampleBatch;
import io.headroom.model.kafka.SampleBatchCodec;
import io.headroom.model.kafka.Topics;
import io.headroom.model.recording.RecordingFormatException;
import io.headroom.model.recording.RecordingReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.common.TopicPartition;

/**
 * Every record decoder over random bytes and over real records mutated (bits flipped, bytes set,
 * inserted and cut, counts and lengths set huge, nesting made deep): the model's decoder either
 * decodes or refuses with an IllegalArgumentException, never an Error, never past a few seconds;
 * the analyzer's {@link RecordDecoder} never throws, and sets each refused record aside as one
 * dead letter with the decoder's reason. The seeds are the s5 study's recording
 * (docs/scenarios/s5-powerstore-upgrade.jsonl), encoded as a collector would, and its verdict.
 * Each property's tries are in its jqwik report (surefire's output of this class).
 */
class RecordDecoderFuzzTest {
  private static final int TRIES = 10_000;
  /** Far above what a decode of a record under 64 KiB takes; past it is a hang. */
  private static final Duration HANG = Duration.ofSeconds(10);
  private static final Topics TOPICS = new Topics("f.");
  private static final FuzzSeeds SEEDS = FuzzSeeds.fromStudy("s5-powerstore-upgrade.jsonl");
  /** One decoder over all tries, as the analyzer keeps one per consumer: its name cache sees them all. */
  private final RecordDecoder decoder = new RecordDecoder(TOPICS);
  private final NameCache names = new NameCache();
  private static final Path RECORDING = temporaryRecording();

  @Property(tries = TRIES)
  void sampleBatches(@ForAll("samples") byte[] input) {
    Decoded outcome = decodeWithin(() -> SampleBatchCodec.decode(input, names));
    if (outcome.value() instanceof SampleBatch b) {
      assertNull(TestbedName.problem(b.testbed()), "a decoded batch's testbed is a testbed");
    }
    assertSetAsideExactlyWhenRefused(TOPICS.samples(), input, outcome);
  }

  @Property(tries = TRIES)
  void topologyRecords(@ForAll("topology") byte[] input) {
    Decoded outcome = decodeWithin(() -> RecordJson.decode(input));
    if (outcome.value() instanceof RecordJson.Tagged t) {
      assertNull(TestbedName.problem(t.testbed()), "a decoded record's testbed is a testbed");
    }
    assertSetAsideExactlyWhenRefused(TOPICS.topology(), input, outcome);
  }

  @Property(tries = TRIES)
  void runRecords(@ForAll("runs") byte[] input) {
    assertSetAsideExactlyWhenRefused(TOPICS.runs(), input, decodeWithin(() -> RecordJson.decode(input)));
  }

  @Property(tries = TRIES)
  void verdicts(@ForAll("verdicts") byte[] input) {
    // the verdict decoder the ingest uses: strict UTF-8, then the verdict object
    Decoded outcome = decodeWithin(() -> VerdictJson.fromJson(Utf8.decode(input)));
    assertSetAsideExactlyWhenRefused(TOPICS.verdicts(), input, outcome);
  }

  /**
   * The recording reader over a mutated recording, read from a file as {@code headroom analyze}
   * reads it (its lines decoded strictly): strict refuses with file and line, lenient skips.
   */
  @Property(tries = TRIES / 5)
  void recordings(@ForAll("recordings") byte[] input) throws IOException {
    Path file = Files.write(RECORDING, input);
    assertTimeoutPreemptively(HANG, () -> {
      try {
        new RecordingReader(false).read(file, r -> { });
      } catch (RecordingFormatException e) {
        assertTrue(e.getMessage().startsWith(file + ":"), e.getMessage());
      } catch (RuntimeException | Error e) {
        fail("strict read threw " + e, e);
      }
      try {
        new RecordingReader(true).read(file, r -> { });
      } catch (RuntimeException | Error e) {
        fail("lenient read threw " + e, e);
      }
    });
  }

  @Provide
  Arbitrary<byte[]> samples() {
    return FuzzInputs.of(SEEDS.sampleBatches(), FuzzSeeds::sampleCountFields);
  }

  @Provide
  Arbitrary<byte[]> topology() {
    return FuzzInputs.of(SEEDS.topology(), seed -> List.of());
  }

  @Provide
  Arbitrary<byte[]> runs() {
    return FuzzInputs.of(SEEDS.runs(), seed -> List.of());
  }

  @Provide
  Arbitrary<byte[]> verdicts() {
    return FuzzInputs.of(SEEDS.verdicts(), seed -> List.of());
  }

  @Provide
  Arbitrary<byte[]> recordings() {
    return FuzzInputs.of(List.of(SEEDS.recordingHead()), seed -> List.of());
  }

  /** What the model's decoder made of the input: a value, or the message of its refusal. */
  private record Decoded(Object value, String refusal) {}

  private static Decoded decodeWithin(java.util.function.Supplier<Object> decode) {
    return assertTimeoutPreemptively(HANG, () -> {
      try {
        return new Decoded(decode.get(), null);
      } catch (IllegalArgumentException e) {
        return new Decoded(null, String.valueOf(e.getMessage()));
      } catch (RuntimeException | Error e) {
        return fail("not a clean refusal: " + e, e);
      }
    });
  }

  /**
   * The ingest's decoder on the same bytes, as one record of a poll: a refusal is one dead letter
   * ({@code undecodable}, the refusal's message, the bytes as they came); else no undecodable one.
   */
  private void assertSetAsideExactlyWhenRefused(String topic, byte[] input, Decoded outcome) {
    List<Consumed> out = assertTimeoutPreemptively(HANG, () -> decoder.decode(poll(topic, input)));
    assertEquals(1, out.size());
    List<DeadLetter> letters = IngestBatchContents.deadLetters(out.get(0).batch());
    if (outcome.refusal() != null) {
      assertEquals(1, letters.size(), outcome.refusal());
      DeadLetter letter = letters.get(0);
      assertEquals(DeadLetter.UNDECODABLE, letter.reason());
      assertEquals(outcome.refusal(), letter.message());
      assertEquals(input, letter.payload());
    } else {
      assertTrue(letters.stream().noneMatch(l -> l.reason().equals(DeadLetter.UNDECODABLE)), letters.toString());
    }
  }

  private static Path temporaryRecording() {
    try {
      Path file = Files.createTempFile("fuzz", ".jsonl");
      file.toFile().deleteOnExit();
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static ConsumerRecords<byte[], byte[]> poll(String topic, byte[] value) {
    byte[] key = "s5-powerstore|fuzz".getBytes(StandardCharsets.UTF_8);
    return new ConsumerRecords<>(Map.of(new TopicPartition(topic, 0),
        List.of(new ConsumerRecord<>(topic, 0, 7L, key, value))), Map.of());
  }

}
