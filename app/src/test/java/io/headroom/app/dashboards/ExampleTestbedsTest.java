package io.headroom.app.dashboards;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.collector.source.SourceRegistry;
import io.headroom.config.TestbedConfig;
import io.headroom.config.TestbedLoader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every `--testbed FILE` an example command in README.md or docs/ shows names a file the
 * repository has, and that file loads and names only sources the collector knows.
 */
class ExampleTestbedsTest {
  /** A repository path after --testbed; FILE (a placeholder) and container paths are not. */
  private static final Pattern TESTBED_ARG = Pattern.compile("--testbed ([A-Za-z0-9_./-]+\\.ya?ml)");

  @Test
  void everyExampleTestbedTheDocsShowExistsAndLoads() throws Exception {
    Path root = DashboardModel.repoRoot();
    TreeSet<String> named = namedTestbeds(root);
    assertTrue(named.contains("examples/lab.yaml"), "the README's discover example: " + named);
    SourceRegistry registry = SourceRegistry.discovered();
    List<String> problems = new ArrayList<>();
    for (String file : named) {
      Path path = root.resolve(file);
      if (!Files.isRegularFile(path)) {
        problems.add(file + ": no such file in the repository");
        continue;
      }
      try {
        TestbedConfig config = TestbedLoader.load(path, Files.createTempDirectory("spool"));
        for (var source : config.sources()) {
          registry.factory(source.type());
        }
      } catch (Exception e) {
        problems.add(file + ": " + e.getMessage());
      }
    }
    assertEquals(List.of(), problems);
  }

  @Test
  void theLabExampleWatchesThisHostAndOneBmc() throws Exception {
    TestbedConfig config = TestbedLoader.load(DashboardModel.repoRoot().resolve("examples/lab.yaml"),
        Files.createTempDirectory("spool"));
    assertEquals("lab", config.testbed());
    assertEquals(List.of("host", "redfish"), config.sources().stream().map(s -> s.type()).toList());
    assertEquals("IDRAC_PASSWORD", config.sources().get(1).settings().path("password_env").asText());
  }

  private static TreeSet<String> namedTestbeds(Path root) throws IOException {
    List<Path> docs = new ArrayList<>(List.of(root.resolve("README.md")));
    try (Stream<Path> walk = Files.walk(root.resolve("docs"))) {
      walk.filter(p -> p.toString().endsWith(".md")).forEach(docs::add);
    }
    TreeSet<String> out = new TreeSet<>();
    for (Path doc : docs) {
      TESTBED_ARG.matcher(Files.readString(doc)).results()
          .map(m -> m.group(1))
          .filter(f -> !f.startsWith("/"))
          .forEach(out::add);
    }
    return out;
  }
}
