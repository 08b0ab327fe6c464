package io.headroom.bench.soak;

import io.headroom.embedded.EmbeddedKafka;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The soak's Kafka broker, in a JVM of its own so that the collector's memory is the collector's
 * alone. Writes its bootstrap address to BOOTSTRAP_FILE once it is up, then runs until killed.
 * Usage: SoakBroker LOG_DIR BOOTSTRAP_FILE
 */
public final class SoakBroker {
  private SoakBroker() {}

  public static void main(String[] args) throws Exception {
    if (args.length != 2) {
      throw new IllegalArgumentException("usage: SoakBroker LOG_DIR BOOTSTRAP_FILE");
    }
    EmbeddedKafka kafka = EmbeddedKafka.start(Path.of(args[0]));
    Runtime.getRuntime().addShutdownHook(new Thread(kafka::close));
    // Written whole then renamed, so the script never reads half an address.
    Path tmp = Path.of(args[1] + ".tmp");
    Files.writeString(tmp, kafka.bootstrapServers());
    Files.move(tmp, Path.of(args[1]));
    Thread.currentThread().join();
  }
}
