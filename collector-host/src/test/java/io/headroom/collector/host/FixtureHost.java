package io.headroom.collector.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

import io.headroom.collector.source.Scrape;
import io.headroom.model.Entity;
import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.List;

/**
 * A fixture tree copied to a temporary directory (so tests may change it): scrape1/ first, then
 * {@link #advance} lays scrape2/ (the changed counter files) over it. Fixtures are read from the
 * source tree, not target/, because Maven's resource copy turns their symlinks into copies and
 * the source follows symlinks to find PCI parents.
 */
final class FixtureHost {
  static final Path RESOURCES = Path.of("src/test/resources/host");
  final String name;
  final Path root;

  private FixtureHost(String name, Path root) {
    this.name = name;
    this.root = root;
  }

  static FixtureHost copy(String name, Path tmp) throws IOException {
    Path root = tmp.resolve(name);
    copyTree(RESOURCES.resolve(name).resolve("scrape1"), root);
    return new FixtureHost(name, root);
  }

  /** Overlays the fixture's scrape2/ (or another snapshot folder) onto the working tree. */
  FixtureHost advance(String snapshot) throws IOException {
    copyTree(RESOURCES.resolve(name).resolve(snapshot), root);
    return this;
  }

  FixtureHost advance() throws IOException {
    return advance("scrape2");
  }

  /** The scrape's problems that mention {@code part} (the fixture's own, such as its down FC port, left out). */
  static List<String> problemsNaming(Scrape s, String part) {
    return s.problems().stream().filter(p -> p.contains(part)).toList();
  }

  /** Removes a directory and all below it, as a device unplugged takes its sysfs tree with it. */
  static void deleteTree(Path dir) throws IOException {
    try (var walk = Files.walk(dir)) {
      for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  HostSourceConfig config() {
    return config(List.of(), List.of());
  }

  HostSourceConfig config(List<String> cgroups, List<String> arrays) {
    return config(cgroups, arrays, Duration.ofHours(1));
  }

  /** With a topology_refresh of the test's choosing (the others walk once an hour: once a test). */
  HostSourceConfig config(List<String> cgroups, List<String> arrays, Duration topologyRefresh) {
    return new HostSourceConfig(root.resolve("proc"), root.resolve("sys"), cgroups, arrays, topologyRefresh);
  }

  Path proc(String rel) {
    return root.resolve("proc").resolve(rel);
  }

  Path sys(String rel) {
    return root.resolve("sys").resolve(rel);
  }

  static Scrape scrape(HostSource source, double ts) {
    Scrape s = new Scrape(ts);
    source.scrape(s);
    return s;
  }

  /** The one sample of metric on entity; fails when absent. */
  static double value(Scrape s, String entity, String metric) {
    List<Scrape.Reading> rs = s.readings().get(entity);
    assertNotNull(rs, "no samples at all for " + entity + "; problems: " + s.problems());
    Double found = null;
    for (Scrape.Reading r : rs) {
      if (r.metric().equals(metric)) {
        if (found != null) {
          fail(entity + " " + metric + " sampled twice");
        }
        found = r.value();
      }
    }
    assertNotNull(found, entity + " has no " + metric + "; it has " + rs);
    return found;
  }

  static boolean has(Scrape s, String entity, String metric) {
    List<Scrape.Reading> rs = s.readings().get(entity);
    return rs != null && rs.stream().anyMatch(r -> r.metric().equals(metric));
  }

  /** Exact up to floating-point rounding of the division that made the rate. */
  static void assertValue(double expected, Scrape s, String entity, String metric) {
    double actual = value(s, entity, metric);
    assertEquals(expected, actual, Math.abs(expected) * 1e-12 + 1e-15, entity + " " + metric);
  }

  static Entity entity(Scrape s, String id) {
    return s.entities().stream().filter(e -> e.id().equals(id)).findFirst()
        .orElseThrow(() -> new AssertionError("no entity " + id));
  }

  private static void copyTree(Path from, Path to) throws IOException {
    Files.walkFileTree(from, new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
        Files.createDirectories(to.resolve(from.relativize(dir).toString()));
        return FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
        Path target = to.resolve(from.relativize(file).toString());
        if (attrs.isSymbolicLink()) {
          Files.deleteIfExists(target);
          Files.createSymbolicLink(target, Files.readSymbolicLink(file));
        } else {
          Files.copy(file, target, StandardCopyOption.REPLACE_EXISTING);
        }
        return FileVisitResult.CONTINUE;
      }
    });
  }
}
