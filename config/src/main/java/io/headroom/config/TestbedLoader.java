package io.headroom.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Reads a testbed YAML file into a {@link TestbedConfig}; errors name the file and the key. */
public final class TestbedLoader {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final Set<String> COMMON_SOURCE_KEYS = Set.of("type", "host", "interval");

  private TestbedLoader() {}

  public static TestbedConfig load(Path file, Path defaultSpoolDir) throws ConfigException {
    JsonNode root;
    try {
      root = YAML.readTree(Files.readString(file));
    } catch (IOException e) {
      throw new ConfigException(file + ": cannot read: " + e.getMessage());
    }
    if (root == null || !root.isObject()) {
      throw new ConfigException(file + ": must be a YAML mapping with testbed: and sources:");
    }
    return bind(root, file.toAbsolutePath().getParent(), defaultSpoolDir, file.toString());
  }

  /** Every problem of the file at once: the sections' (by the binder) and each source's common keys. */
  static TestbedConfig bind(JsonNode root, Path baseDir, Path defaultSpoolDir, String where) throws ConfigException {
    SettingsBinder.Bound<TestbedFile> bound =
        SettingsBinder.tryBind(root, TestbedFile.class, TestbedFile.defaults(defaultSpoolDir), baseDir);
    List<String> problems = new ArrayList<>(bound.problems());
    TestbedFile f = bound.value();
    List<SourceConfig> sources = f == null || f.sources() == null ? List.of() : sources(f.sources(), problems);
    if (!problems.isEmpty()) {
      throw new ConfigException(where + ": " + String.join("; ", problems));
    }
    return new TestbedConfig(f.testbed(), f.kafka(), f.database(), f.spool(), f.alerts(), f.detection().thresholds(),
        sources, baseDir, f.api(), f.collector());
  }

  /**
   * Each source's common keys, bound like any section; the rest stays as written for the source's
   * own factory. Problems are added to {@code problems}, named {@code sources[i].key}.
   */
  private static List<SourceConfig> sources(List<JsonNode> list, List<String> problems) {
    List<SourceConfig> out = new ArrayList<>();
    for (int i = 0; i < list.size(); i++) {
      String at = "sources[" + i + "]";
      JsonNode s = list.get(i);
      if (!s.isObject()) {
        problems.add(at + ": must be a mapping with type: and host:");
        continue;
      }
      ObjectNode common = ((ObjectNode) s).deepCopy().retain(COMMON_SOURCE_KEYS);
      ObjectNode settings = ((ObjectNode) s).deepCopy();
      settings.remove(COMMON_SOURCE_KEYS);
      SettingsBinder.Bound<SourceHeader> header = SettingsBinder.tryBind(common, SourceHeader.class, null, Path.of("."));
      header.problems().forEach(p -> problems.add(at + "." + p));
      if (header.value() != null) {
        SourceConfig source = new SourceConfig(header.value().type(), header.value().host(), header.value().interval(), settings);
        // a key the binder refused is null here; "must name the host" would only repeat that
        source.validate().stream()
            .filter(p -> header.problems().stream().noneMatch(refused -> sameKey(refused, p)))
            .forEach(p -> problems.add(at + "." + p));
        out.add(source);
      }
    }
    return out;
  }

  private static boolean sameKey(String a, String b) {
    return a.substring(0, a.indexOf(':') + 1).equals(b.substring(0, b.indexOf(':') + 1));
  }

  /** The keys every source has; {@link SourceConfig#validate()} checks their values. */
  record SourceHeader(String type, String host, java.time.Duration interval) {}
}
