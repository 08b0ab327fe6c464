package io.headroom.collector.snmp;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.headroom.collector.golden.Golden;
import io.headroom.collector.golden.RemoteGolden;
import io.headroom.collector.source.Discovery;
import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.Source;
import io.headroom.collector.source.SourceContext;
import io.headroom.standin.Captures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The golden form for SNMP agents, one folder per case under golden/snmp:
 *
 * <pre>
 * config.yaml          the source's testbed section; ${agent} and ${community} become snmpsim's
 * input/agent.snmprec  a recording written from the MIBs, served by snmpsim, or
 * input.capture        one line naming a real walk under shared/fixtures (never copied in)
 * expected/discover.txt, expected/scrape2.txt, or expected/error.txt (as {@link RemoteGolden})
 * </pre>
 */
class SnmpGoldenTest {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final Path CASES = Path.of("src/test/resources/golden/snmp");

  @TempDir
  Path work;

  static List<Path> cases() throws Exception {
    return RemoteGolden.cases(CASES);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void golden(Path caseDir) throws Exception {
    Path data = work;
    String community = "agent";
    Path named = caseDir.resolve("input.capture");
    if (Files.exists(named)) {
      Path file = Path.of(Files.readString(named).trim()); // snmp/junos_qfx5100.snmprec
      Path dir = Captures.find(file.getParent().toString());
      assumeTrue(dir != null && Files.exists(dir.resolve(file.getFileName())),
          "skipped: shared/fixtures/" + file + " is not on this machine (set HEADROOM_FIXTURES to run it)");
      data = dir;
      Path capture = dir.resolve(file.getFileName());
      community = capture.getFileName().toString().replaceFirst("\\.snmprec$", "");
    } else if (Files.isDirectory(caseDir.resolve("input"))) {
      Files.copy(caseDir.resolve("input/agent.snmprec"), work.resolve("agent.snmprec"));
    } else {
      Files.writeString(work.resolve("agent.snmprec"), "1.3.6.1.2.1.1.3.0|67|1\n");
    }
    try (SnmpSim sim = SnmpSim.start(data, community)) {
      String yaml = Files.readString(caseDir.resolve("config.yaml")).replace("${agent}", sim.agent())
          .replace("${community}", community);
      JsonNode section = YAML.readTree(yaml);
      ObjectNode settings = ((ObjectNode) section).deepCopy();
      settings.remove(List.of("type", "host", "interval"));
      SourceContext context = new SourceContext(section.path("host").asText(), null, caseDir);
      Path error = caseDir.resolve("expected/error.txt");
      SnmpSourceFactory factory = new SnmpSourceFactory();
      if (Files.exists(error)) {
        Exception e = assertThrows(Exception.class, () -> factory.create(context, settings).close());
        Golden.check(error, e.getMessage().replace(sim.agent(), "AGENT") + "\n");
        return;
      }
      try (Source source = factory.create(context, settings)) {
        Discovery discovery = source.discover();
        Golden.check(caseDir.resolve("expected/discover.txt"), Golden.render(discovery));
        source.scrape(new Scrape(1000));
        Scrape second = new Scrape(1005);
        source.scrape(second);
        Golden.check(caseDir.resolve("expected/scrape2.txt"), Golden.render(second));
        Golden.assertDeclared(discovery, second, factory.metrics());
      }
    }
  }
}
