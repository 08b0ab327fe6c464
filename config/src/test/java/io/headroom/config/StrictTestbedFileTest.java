package io.headroom.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a testbed file once had silently dropped, changed or reported without a line: each is now
 * refused as {@code FILE:LINE: what}, or, for a key's value, {@code FILE: key: what}.
 */
class StrictTestbedFileTest {
  @TempDir Path dir;

  private Path write(String yaml) throws Exception {
    return Files.writeString(dir.resolve("testbed.yaml"), yaml);
  }

  private String refusal(Path file) {
    return assertThrows(ConfigException.class, () -> TestbedLoader.load(file, dir)).getMessage();
  }

  @Test
  void aKeyWrittenTwiceIsRefusedWhereverItIs() throws Exception {
    // the second sources: once replaced the first, and h1 was never scraped
    Path twice = write("testbed: lab\nsources:\n  - {type: host, host: h1}\nsources:\n  - {type: host, host: h2}\n");
    assertEquals(twice + ":4: key 'sources' appears twice in one mapping (only one of them could be used); write it once",
        refusal(twice));
    Path inSource = write("testbed: lab\nsources:\n  - type: host\n    host: h1\n    host: h2\n");
    assertEquals(inSource + ":5: key 'host' appears twice in one mapping (only one of them could be used); write it once",
        refusal(inSource));
  }

  @Test
  void aSecondDocumentIsRefusedNotIgnored() throws Exception {
    Path f = write("testbed: lab\nsources: []\n---\ntestbed: other\n");
    assertEquals(f + ":4: a second YAML document (after '---'); a testbed file is one document", refusal(f));
    // a leading --- only opens the one document
    assertEquals("lab", TestbedLoader.load(write("---\ntestbed: lab\n"), dir).testbed());
  }

  @Test
  void aTabAndAnyOtherSyntaxErrorNameTheirLineAndColumn() throws Exception {
    Path tab = write("testbed: lab\nsources:\n  - type: host\n  \thost: h1\n");
    assertEquals(tab + ":4:3: a tab character; YAML indents with spaces only", refusal(tab));
    Path unclosed = write("testbed: lab\nsources: [{type: host, host: h1}\n");
    assertEquals(unclosed + ":3:1: not YAML: expected ',' or ']', but got <stream end> (while parsing a flow sequence)",
        refusal(unclosed));
  }

  @Test
  void aByteThatIsNotUtf8IsNamedByLineAndColumn() throws Exception {
    // "café" in Latin-1: é is the single byte 0xE9, not a UTF-8 sequence
    byte[] latin1 = "testbed: lab\nsources:\n  - {type: host, host: caf\u00e9}\n".getBytes(StandardCharsets.ISO_8859_1);
    Path f = Files.write(dir.resolve("testbed.yaml"), latin1);
    // line 3 is "  - {type: host, host: caf" (26 bytes) then 0xE9: column 27
    assertEquals(f + ":3: byte 0xE9 at column 27 is not UTF-8 (a testbed file is UTF-8; this looks like Latin-1 or "
        + "another legacy encoding)", refusal(f));
    // the same name in UTF-8 (0xC3 0xA9) is read as written
    Path utf8 = Files.write(dir.resolve("utf8.yaml"), "testbed: caf\u00e9\n".getBytes(StandardCharsets.UTF_8));
    assertEquals("caf\u00e9", TestbedLoader.load(utf8, dir).testbed());
  }

  /** Long.MAX_VALUE ns = 9223372036.854775807 s: 9223372036854 ms is the last whole millisecond that fits. */
  @Test
  void aDurationBeyondWhatNanosecondsHoldIsRefusedWithTheMaximum() throws Exception {
    Path huge = write("testbed: lab\nsources: [{type: host, host: h1, interval: 99999999999999999999h}]\n");
    assertEquals(huge + ": sources[0].interval: \"99999999999999999999h\" is too long: at most 9223372036854ms "
        + "(about 2562047h 47m, 292 years, what a count of nanoseconds holds)", refusal(huge));
    Duration longest = Durations.parse("9223372036854ms");
    assertEquals(9_223_372_036_854_000_000L, longest.toNanos());
    assertThrows(IllegalArgumentException.class, () -> Durations.parse("9223372036855ms"));
    // 2562047h = 9223369200000 ms fits; 2562048h = 9223372800000 ms does not
    assertEquals(Duration.ofHours(2_562_047), Durations.parse("2562047h"));
    assertThrows(IllegalArgumentException.class, () -> Durations.parse("2562048h"));
  }

  @Test
  void twoSourcesWithOneHostAreRefusedNamingBoth() throws Exception {
    Path f = write("""
        testbed: lab
        sources:
          - type: host
            host: h1
          - type: redfish
            host: bmc1
          - type: redfish
            host: h1
        """);
    assertEquals(f + ": sources[0] (line 3) and sources[2] (line 7): both have host h1, which starts every entity id, "
        + "so their readings would be one entity's series, interleaved; give each source its own host", refusal(f));
  }

  @Test
  void aDirectoryOrAMissingFileIsNamed() throws Exception {
    assertEquals(dir + ": is a directory, not a file", refusal(dir));
    assertEquals(dir.resolve("nope.yaml") + ": no such file", refusal(dir.resolve("nope.yaml")));
    // a path through a regular file: no such file either, not an IOException without a path
    Path file = write("testbed: lab\n");
    assertEquals(file.resolve("x.yaml") + ": no such file", refusal(file.resolve("x.yaml")));
  }
}
