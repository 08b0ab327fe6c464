package io.headroom.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToIntFunction;

/** Reads a testbed YAML file into a {@link TestbedConfig}; errors name the file and the key. */
public final class TestbedLoader {
  /** In this order, so a tie between two of them suggests the first. */
  private static final List<String> COMMON_SOURCE_KEYS = List.of("type", "host", "interval");

  private TestbedLoader() {}

  public static TestbedConfig load(Path file, Path defaultSpoolDir) throws ConfigException {
    YamlFile yaml = YamlFile.read(file);
    JsonNode root = yaml.root();
    if (root == null || !root.isObject()) {
      throw new ConfigException(file + ": must be a YAML mapping with testbed: and sources:");
    }
    return bind(root, yaml::line, file.toAbsolutePath().getParent(), defaultSpoolDir, file.toString());
  }

  /**
   * Every problem of the file at once: the sections' (by the binder), each source's common keys,
   * and sources sharing a host. {@code lines}: where a value starts, by JSON pointer (0: unknown).
   */
  private static TestbedConfig bind(JsonNode root, ToIntFunction<String> lines, Path baseDir, Path defaultSpoolDir,
      String where) throws ConfigException {
    SettingsBinder.Bound<TestbedFile> bound =
        SettingsBinder.tryBind(root, TestbedFile.class, TestbedFile.defaults(defaultSpoolDir), baseDir);
    List<String> problems = new ArrayList<>(bound.problems());
    TestbedFile f = bound.value();
    List<SourceConfig> sources = f == null || f.sources() == null ? List.of() : sources(f.sources(), problems);
    if (f != null && f.sources() != null) {
      problems.addAll(sharedHosts(f.sources(), lines));
    }
    if (!problems.isEmpty()) {
      throw new ConfigException(where + ": " + String.join("; ", problems));
    }
    return new TestbedConfig(f.testbed(), f.kafka(), f.database(), f.spool(), f.alerts(), f.detection().thresholds(),
        sources, baseDir, f.api(), f.collector(), f.detection().onsets(),
        f.detection().compare(), f.remoteWrite());
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
      List<String> misspelt = misspeltCommonKeys(s, at, problems);
      if (header.value() != null) {
        SourceConfig source = new SourceConfig(header.value().type(), header.value().host(), header.value().interval(), settings);
        // a key the binder refused, or misspelt, is null here; "host: missing" would only repeat that
        source.validate().stream()
            .filter(p -> header.problems().stream().noneMatch(refused -> sameKey(refused, p)))
            .filter(p -> misspelt.stream().noneMatch(key -> p.startsWith(key + ":")))
            .forEach(p -> problems.add(at + "." + p));
        out.add(source);
      }
    }
    return out;
  }

  /**
   * A key near a common key the source lacks ({@code hots:} without {@code host:}) is that key
   * misspelt: said here, where the common keys are known, rather than as "host: missing" and, by
   * the source's factory, as an unknown key whose list has no {@code host}. The common keys it
   * stands for are returned.
   */
  private static List<String> misspeltCommonKeys(JsonNode source, String at, List<String> problems) {
    List<String> meant = new ArrayList<>();
    for (java.util.Iterator<String> it = source.fieldNames(); it.hasNext(); ) {
      String key = it.next();
      String near = COMMON_SOURCE_KEYS.contains(key) ? null : DidYouMean.nearest(key, COMMON_SOURCE_KEYS);
      if (near != null && !source.has(near)) {
        problems.add(at + ": " + DidYouMean.unknownKey(key, COMMON_SOURCE_KEYS));
        meant.add(near);
      }
    }
    return meant;
  }

  /**
   * Two sources with one host would publish the same entity ids (the host starts each), so their
   * readings would interleave as one entity's series: refused, naming both.
   */
  private static List<String> sharedHosts(List<JsonNode> sources, ToIntFunction<String> lines) {
    List<String> problems = new ArrayList<>();
    Map<String, Integer> first = new HashMap<>();
    for (int i = 0; i < sources.size(); i++) {
      JsonNode host = sources.get(i).path("host");
      Integer earlier = host.isTextual() ? first.putIfAbsent(host.textValue(), i) : null;
      if (earlier != null) {
        problems.add(source(earlier, lines) + " and " + source(i, lines) + ": both have host " + host.textValue()
            + ", which starts every entity id, so their readings would be one entity's series, interleaved; "
            + "give each source its own host");
      }
    }
    return problems;
  }

  private static String source(int index, ToIntFunction<String> lines) {
    int line = lines.applyAsInt("/sources/" + index);
    return "sources[" + index + "]" + (line > 0 ? " (line " + line + ")" : "");
  }

  private static boolean sameKey(String a, String b) {
    return a.substring(0, a.indexOf(':') + 1).equals(b.substring(0, b.indexOf(':') + 1));
  }

  /** The keys every source has; {@link SourceConfig#validate()} checks their values. */
  record SourceHeader(String type, String host, java.time.Duration interval) {}
}
