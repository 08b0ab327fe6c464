package io.headroom.config;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The testbed YAML as every command loads it: any bytes are a checked configuration or a
 * {@link ConfigException} whose message starts with the file's path (the form "FILE:LINE: what"
 * or "FILE: key: what"). Nothing else escapes.
 */
class TestbedFileFuzzTest {
  private static final Path DIR = tempDir();

  private static Path tempDir() {
    try {
      return Files.createTempDirectory("testbed-fuzz");
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @FuzzTest(maxDuration = "5m")
  void anyBytesAreATestbedOrARefusalNamingTheFile(byte[] bytes) throws IOException {
    Path file = Files.write(DIR.resolve("testbed.yaml"), bytes);
    try {
      assertNotNull(TestbedLoader.load(file, DIR.resolve("spool")));
    } catch (ConfigException e) {
      assertTrue(e.getMessage().startsWith(file.toString()), e.getMessage());
    }
  }
}
