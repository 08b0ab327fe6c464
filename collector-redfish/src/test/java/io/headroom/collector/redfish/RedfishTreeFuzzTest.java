package io.headroom.collector.redfish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.headroom.collector.fuzz.Draw;
import io.headroom.collector.remote.RemoteResponse;
import io.headroom.collector.source.Discovery;
import io.headroom.collector.source.Scrape;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The Redfish walks (inventory, PCIe, ports, processors, usage sensors, core util) and the scrape's
 * readings over a BMC tree a fuzzer changes: any document set gives a discovery and readings, or
 * problems and refusals naming the BMC (its url) and the path; nothing else escapes, and the
 * requests of a discover and two scrapes stay bounded.
 *
 * <p>The input picks one of the golden trees (the stand-in trees in resources/golden/redfish and,
 * where on this machine, the six real captures in shared/fixtures/redfish, read from there) and then
 * edits it: a document's body replaced by raw bytes, a document removed, a value anywhere in a
 * document replaced by a number, a string, a link to another document of the tree (a
 * {@code Members@odata.nextLink} to itself among them), an empty object or array, or a property the
 * walks read added. The documents go through {@link BmcClient#parse} as an HTTP answer's body would;
 * no network. Seeds: each tree unchanged (RedfishTreeFuzzTestInputs); docs/testing.md, "Fuzzing".
 */
class RedfishTreeFuzzTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String TARGET = "https://bmc.fuzz";
  private static final ExecutorService HELPERS = Fetcher.helperPool();
  /** A discover and two scrapes of the largest capture send about 1,500 requests; an endless walk would send without end. */
  private static final int MAX_REQUESTS = 50_000;
  /** The property names the walks read (the string literals of their source), for edits that add one. */
  private static final List<String> NAMES = names();
  private static final List<Tree> TREES = trees();

  /** One tree's documents by path; bodies read on first use and kept (the real captures are 70 MB together). */
  private record Tree(Path caseDir, String host, Path root, List<String> paths, Set<String> known,
      Map<String, byte[]> bodies, RedfishSettings.Role role) {
    byte[] body(String path) {
      return bodies.computeIfAbsent(path, p -> {
        try {
          return Files.readAllBytes(root.resolve(p.substring(1)).resolve("index.json"));
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    }
  }

  @FuzzTest(maxDuration = "5m")
  void anyTreeIsReadingsOrProblemsNamingTheBmc(byte[] bytes) throws Exception {
    Draw draw = new Draw(bytes);
    Tree tree = TREES.get(draw.below(TREES.size()));
    Discovered run = run(tree, edits(draw, tree));
    assertTrue(run.requests <= MAX_REQUESTS, run.requests + " requests");
  }

  /** The harness answers as the golden test's stand-in does: each tree unedited finds the golden's entities. */
  @Test
  void eachTreeUneditedFindsItsGoldenEntities() throws Exception {
    for (Tree tree : TREES) {
      if (!Files.exists(tree.caseDir.resolve("expected/discover.txt"))) {
        continue; // a case of a refused configuration: no walk
      }
      List<String> expected = Files.readAllLines(tree.caseDir.resolve("expected/discover.txt")).stream()
          .dropWhile(l -> !l.equals("# entities")).skip(1).takeWhile(l -> !l.startsWith("#") && !l.isEmpty())
          .map(l -> l.split(" ")[0]).sorted().toList();
      List<String> found = run(tree, Map.of()).discovery.entities().stream().map(e -> e.id()).sorted().toList();
      assertEquals(expected, found, tree.caseDir.toString());
    }
  }

  private record Discovered(Discovery discovery, int requests) {}

  private static Map<String, byte[]> edits(Draw draw, Tree tree) {
    Map<String, byte[]> edited = new HashMap<>();
    for (int edits = draw.below(6); edits > 0 && !tree.paths.isEmpty(); edits--) {
      String path = tree.paths.get(draw.below(tree.paths.size()));
      byte[] before = edited.containsKey(path) ? edited.get(path) : tree.body(path);
      edited.put(path, edit(draw, tree, before));
    }
    return edited;
  }

  /** A discover and two scrapes, 10 s apart, of the tree with these documents edited; every problem checked. */
  private static Discovered run(Tree tree, Map<String, byte[]> edited) throws Exception {
    InMemoryBmc bmc = new InMemoryBmc(tree, edited);
    RedfishSettings settings = new RedfishSettings(tree.role, RedfishSettings.Telemetry.POLL, null);
    Discovery d;
    try (RedfishSource source = new RedfishSource(tree.host, Duration.ofSeconds(10), settings, bmc, Clock.systemUTC(),
        HELPERS, inv -> null)) {
      d = source.discover();
      d.problems().forEach(p -> assertNamesTheBmc(tree, p));
      scrape(tree, source, 1000);
      scrape(tree, source, 1010);
    }
    return new Discovered(d, bmc.requests);
  }

  private static void scrape(Tree tree, RedfishSource source, double ts) {
    Scrape s = new Scrape(ts);
    try {
      source.scrape(s);
    } catch (IOException e) {
      assertNamesTheBmc(tree, e.getMessage());
    }
    s.problems().forEach(p -> assertNamesTheBmc(tree, p));
    s.readings().forEach((entity, rs) -> rs.forEach(r -> assertTrue(Double.isFinite(r.value()), entity + " " + r)));
  }

  /** A problem names the BMC's url (a request) or one of its entities (a value refused as unstorable). */
  private static void assertNamesTheBmc(Tree tree, String problem) {
    assertTrue(problem != null && (problem.contains(TARGET) || problem.contains(tree.host + "/")), problem);
  }

  /** The tree's documents, each answered as an HTTP 200 with that body would be; an absent path is a 404. */
  private static final class InMemoryBmc implements Resources {
    private final Tree tree;
    private final Map<String, byte[]> edited;
    int requests;

    InMemoryBmc(Tree tree, Map<String, byte[]> edited) {
      this.tree = tree;
      this.edited = edited;
    }

    @Override
    public String target() {
      return TARGET;
    }

    @Override
    public int maxConcurrency() {
      return 1; // the walk on the fuzzer's thread alone: the same input, the same path
    }

    @Override
    public JsonNode get(String path) throws BmcException {
      requests++;
      String where = "GET " + TARGET + path;
      String key = path.replaceFirst("[?#].*", "").replaceFirst("(.)/+$", "$1");
      byte[] body = edited.containsKey(key) ? edited.get(key) : tree.known.contains(key) ? tree.body(key) : null;
      if (body == null) {
        throw new BmcException(where, "HTTP 404", 404);
      }
      return BmcClient.parse(where, new RemoteResponse(where, 200, Map.of(), body));
    }

    @Override
    public void close() {}
  }

  /** One edit of one document; a body that is not a JSON object is replaced or left as it is. */
  private static byte[] edit(Draw draw, Tree tree, byte[] before) {
    int kind = draw.below(8);
    if (kind == 0) {
      return draw.bytes(4096);
    }
    if (kind == 1 || before == null) {
      return null; // removed: a 404
    }
    JsonNode doc;
    try {
      doc = JSON.readTree(before);
    } catch (IOException e) {
      return before;
    }
    if (doc == null || !doc.isContainerNode()) {
      return before;
    }
    List<JsonNode> containers = new ArrayList<>();
    collect(doc, containers);
    JsonNode at = containers.get(draw.below(containers.size()));
    JsonNode value = value(draw, tree);
    if (at instanceof ObjectNode o) {
      List<String> keys = new ArrayList<>();
      o.fieldNames().forEachRemaining(keys::add);
      String key = kind == 2 || keys.isEmpty() ? NAMES.get(draw.below(NAMES.size())) : keys.get(draw.below(keys.size()));
      if (kind == 3) {
        o.remove(key);
      } else {
        o.set(key, value);
      }
    } else if (at instanceof ArrayNode a) {
      if (a.isEmpty() || kind == 2) {
        a.add(value);
      } else {
        a.set(draw.below(a.size()), value);
      }
    }
    return doc.toString().getBytes(StandardCharsets.UTF_8);
  }

  private static void collect(JsonNode node, List<JsonNode> out) {
    if (node.isContainerNode()) {
      out.add(node);
      node.elements().forEachRemaining(n -> collect(n, out));
    }
  }

  private static JsonNode value(Draw draw, Tree tree) {
    JsonNodeFactory f = JsonNodeFactory.instance;
    return switch (draw.below(10)) {
      case 0 -> f.numberNode(draw.longValue());
      case 1 -> f.numberNode(Double.longBitsToDouble(draw.longValue())); // NaN and infinities come out as text
      case 2 -> f.numberNode(new java.math.BigDecimal("1e" + draw.below(800)));
      case 3 -> f.textNode(draw.text(64));
      case 4 -> f.booleanNode(draw.below(2) == 0);
      case 5 -> f.nullNode();
      case 6 -> f.objectNode();
      case 7 -> f.arrayNode();
      case 8 -> f.objectNode().put("@odata.id", tree.paths.isEmpty() || draw.below(4) == 0 ? draw.text(64)
          : tree.paths.get(draw.below(tree.paths.size())));
      default -> {
        ArrayNode members = f.arrayNode();
        for (int n = draw.below(4); n >= 0 && !tree.paths.isEmpty(); n--) {
          members.addObject().put("@odata.id", tree.paths.get(draw.below(tree.paths.size())));
        }
        yield members;
      }
    };
  }

  private static List<Tree> trees() {
    Path golden = Path.of("src/test/resources/golden/redfish");
    List<Tree> out = new ArrayList<>();
    try (Stream<Path> cases = Files.list(golden)) {
      for (Path c : cases.filter(Files::isDirectory).sorted().toList()) {
        Path root = Files.isDirectory(c.resolve("input")) ? c.resolve("input") : null;
        if (Files.exists(c.resolve("input.capture"))) {
          root = io.headroom.standin.Captures.find(Files.readString(c.resolve("input.capture")).trim());
        }
        if (root != null) {
          String config = Files.readString(c.resolve("config.yaml"));
          boolean array = config.contains("role: array");
          String host = config.lines().filter(l -> l.startsWith("host: ")).map(l -> l.substring(6).trim()).findFirst()
              .orElse("h1");
          List<String> paths = paths(root);
          out.add(new Tree(c, host, root, paths, Set.copyOf(paths), new HashMap<>(),
              array ? RedfishSettings.Role.ARRAY : RedfishSettings.Role.CLIENT));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  /** "/redfish/v1/..." of every index.json under root, sorted. */
  private static List<String> paths(Path root) throws IOException {
    try (Stream<Path> s = Files.walk(root)) {
      return s.filter(p -> p.getFileName().toString().equals("index.json"))
          .map(p -> "/" + root.relativize(p.getParent()).toString().replace('\\', '/')).sorted().toList();
    }
  }

  private static List<String> names() {
    Set<String> names = new TreeSet<>();
    java.util.regex.Pattern literal = java.util.regex.Pattern.compile("\"([A-Za-z@#][A-Za-z0-9@.#_]*)\"");
    try (Stream<Path> s = Files.list(Path.of("src/main/java/io/headroom/collector/redfish"))) {
      for (Path p : s.sorted().toList()) {
        literal.matcher(Files.readString(p)).results().forEach(m -> names.add(m.group(1)));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return List.copyOf(names);
  }
}
